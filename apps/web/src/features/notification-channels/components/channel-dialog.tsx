import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  isValidEmail,
  messages,
  NOTIFICATION_RECIPIENTS_MAX,
  type NotificationChannel,
  NotificationChannelInput,
  type NotificationChannelType,
  notificationChannelTypes,
} from '@rmm/domain';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { useSaveChannelMutation } from '../queries.ts';

type ChatFormat = 'SLACK' | 'TEAMS';

type FormState = {
  type: NotificationChannelType;
  name: string;
  enabled: boolean;
  recipients: string[];
  url: string;
  format: ChatFormat;
  secret: string;
  /** A stored secret is being replaced (the field shows); without one stored, the field always shows. */
  isReplacingSecret: boolean;
};

const initialState = (channel?: NotificationChannel): FormState => ({
  type: channel?.type ?? 'EMAIL',
  name: channel?.name ?? '',
  enabled: channel?.enabled ?? true,
  recipients: channel?.config.recipients ?? [],
  url: channel?.config.url ?? '',
  format: channel?.config.format ?? 'SLACK',
  secret: '',
  isReplacingSecret: false,
});

/** The request body: a webhook's secret only when one is typed (left out, the server keeps the stored one). */
export const channelInput = (form: FormState): NotificationChannelInput => {
  const common = { name: form.name, enabled: form.enabled };
  switch (form.type) {
    case 'EMAIL':
      return { type: 'EMAIL', ...common, config: { recipients: form.recipients } };
    case 'WEBHOOK':
      return {
        type: 'WEBHOOK',
        ...common,
        config: { url: form.url, ...(form.secret === '' ? {} : { secret: form.secret }) },
      };
    case 'CHAT':
      return { type: 'CHAT', ...common, config: { url: form.url, format: form.format } };
  }
};

/** The domain's first message per field: `name`, `config.url`, `config.recipients`, `config.secret`. */
const fieldErrors = (input: NotificationChannelInput) => {
  const result = NotificationChannelInput.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path.filter((part) => typeof part === 'string').join('.');
    errors[field] ??= issue.message;
  }
  return errors;
};

/** 24 random bytes as base64url: 32 characters, above the minimum, easy to paste into the receiver. */
const randomSecret = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
};

/**
 * Creates a channel of the chosen type, or changes `channel` (its type is fixed). The fields are held to the
 * domain's rules once the user tried to save; the server's refusal shows above them. A webhook's secret is
 * write-only: with one stored, the dialog says so and offers to replace it.
 */
export const ChannelDialog = ({
  channel,
  onClose,
}: {
  channel?: NotificationChannel;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const save = useSaveChannelMutation();
  const [form, setForm] = useState(() => initialState(channel));
  const [isSubmitted, setSubmitted] = useState(false);
  const [isSecretVisible, setSecretVisible] = useState(false);
  const set = (changes: Partial<FormState>) => setForm((current) => ({ ...current, ...changes }));
  const input = channelInput(form);
  const errors = isSubmitted ? fieldErrors(input) : {};
  // An address that is not one says so as soon as it is added, naming it.
  const badRecipients = form.recipients.filter((address) => !isValidEmail(address));
  const recipientsError =
    badRecipients.length > 0
      ? `${translate(messages.validation.invalidEmail)}: ${badRecipients.join(', ')}`
      : translate(errors['config.recipients']);
  const hasStoredSecret = channel?.type === 'WEBHOOK' && channel.config.hasSecret === true;
  const showsSecretField = !hasStoredSecret || form.isReplacingSecret;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(fieldErrors(input)).length > 0) return;
    save.mutate(
      { id: channel?.id, body: input },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('notificationChannels.saved') });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={channel ? t('notificationChannels.dialog.edit') : t('notificationChannels.dialog.new')}
    >
      <form onSubmit={submit} noValidate>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {save.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {translate(save.error.message)}
              </Alert>
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="channel-type-label">
                {t('notificationChannels.dialog.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="channel-type-label"
                value={form.type}
                disabled={channel !== undefined}
                onChange={(value) => set({ type: value as NotificationChannelType })}
                data={notificationChannelTypes.map((type) => ({
                  value: type,
                  label: t(`notificationChannels.type.${type}`),
                }))}
              />
              {channel && (
                <Text size="xs" c="dimmed">
                  {t('notificationChannels.dialog.typeFixed')}
                </Text>
              )}
            </Stack>
            <TextInput
              label={t('notificationChannels.dialog.name')}
              withAsterisk
              data-autofocus
              maxLength={200}
              value={form.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={errors.name}
            />
            <Switch
              label={t('notificationChannels.dialog.enabled')}
              description={t('notificationChannels.dialog.enabledHint')}
              checked={form.enabled}
              onChange={(event) => set({ enabled: event.currentTarget.checked })}
            />
            {form.type === 'EMAIL' && (
              <TagsInput
                label={t('notificationChannels.dialog.recipients')}
                description={t('notificationChannels.dialog.recipientsHint')}
                placeholder={t('notificationChannels.dialog.recipientsPlaceholder')}
                withAsterisk
                splitChars={[',', ';', ' ']}
                acceptValueOnBlur
                clearable
                maxTags={NOTIFICATION_RECIPIENTS_MAX}
                value={form.recipients}
                onChange={(recipients) => set({ recipients: recipients.map((r) => r.trim()) })}
                error={recipientsError}
              />
            )}
            {form.type !== 'EMAIL' && (
              <TextInput
                label={t('notificationChannels.dialog.url')}
                description={t(
                  form.type === 'WEBHOOK'
                    ? 'notificationChannels.dialog.webhookUrlHint'
                    : 'notificationChannels.dialog.chatUrlHint',
                )}
                placeholder="https://"
                withAsterisk
                value={form.url}
                onChange={(event) => set({ url: event.currentTarget.value })}
                error={errors['config.url']}
              />
            )}
            {form.type === 'CHAT' && (
              <Select
                label={t('notificationChannels.dialog.format')}
                allowDeselect={false}
                value={form.format}
                onChange={(value) => value && set({ format: value as ChatFormat })}
                data={(['SLACK', 'TEAMS'] as const).map((format) => ({
                  value: format,
                  label: t(`notificationChannels.format.${format}`),
                }))}
              />
            )}
            {form.type === 'WEBHOOK' && !showsSecretField && (
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <IconKey size={16} aria-hidden />
                  <Text size="sm">{t('notificationChannels.dialog.secretSet')}</Text>
                </Group>
                <Button variant="default" size="xs" onClick={() => set({ isReplacingSecret: true })}>
                  {t('notificationChannels.dialog.replaceSecret')}
                </Button>
              </Group>
            )}
            {form.type === 'WEBHOOK' && showsSecretField && (
              <Stack gap={4}>
                <Group align="flex-end" wrap="nowrap">
                  <PasswordInput
                    style={{ flex: 1 }}
                    label={t('notificationChannels.dialog.secret')}
                    description={t('notificationChannels.dialog.secretHint')}
                    autoComplete="new-password"
                    value={form.secret}
                    visible={isSecretVisible}
                    onVisibilityChange={setSecretVisible}
                    onChange={(event) => set({ secret: event.currentTarget.value })}
                    error={errors['config.secret']}
                  />
                  <Button
                    variant="default"
                    onClick={() => {
                      set({ secret: randomSecret() });
                      setSecretVisible(true);
                    }}
                  >
                    {t('notificationChannels.dialog.generateSecret')}
                  </Button>
                </Group>
                {hasStoredSecret && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => set({ isReplacingSecret: false, secret: '' })}
                  >
                    {t('notificationChannels.dialog.keepSecret')}
                  </Button>
                )}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
