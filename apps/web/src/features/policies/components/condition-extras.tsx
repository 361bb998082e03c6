import { ActionIcon, Alert, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import {
  type ConditionNotification,
  type NotificationOption,
  notificationOptions,
  notificationOptionsByChannel,
} from '@rmm/domain';
import { IconInfoCircle, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AutomationDraft } from '../condition-form.ts';
import { useChannelOptionsQuery } from '../queries.ts';
import { ScriptPicker } from './pickers.tsx';
import { RunAsField } from './run-as-field.tsx';

/**
 * The channels a condition notifies, each with its option (spec §9; a generic webhook offers only "send").
 * A server without notification channels yet shows the picker empty, with a note.
 */
export const NotificationsField = ({
  value,
  onChange,
  error,
}: {
  value: ConditionNotification[];
  onChange: (value: ConditionNotification[]) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  const channels = useChannelOptionsQuery();
  const available = channels.data?.channels ?? [];
  const nameOf = (id: number) =>
    available.find((c) => c.id === id)?.name ?? t('policies.condition.channelId', { id });
  const optionsOf = (id: number): readonly NotificationOption[] => {
    const channel = available.find((c) => c.id === id);
    return channel ? notificationOptionsByChannel[channel.type] : notificationOptions;
  };
  const unused = available.filter((c) => !value.some((n) => n.channelId === c.id));
  return (
    <Stack gap="xs">
      {channels.data && !channels.data.available && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} py="xs">
          {t('policies.condition.channelsUnavailable')}
        </Alert>
      )}
      {value.map((notification) => (
        <Group key={notification.channelId} gap="xs" wrap="nowrap">
          <Text size="sm" w={240} truncate>
            {nameOf(notification.channelId)}
          </Text>
          <Select
            aria-label={`${t('policies.condition.channelOption')}: ${nameOf(notification.channelId)}`}
            w={140}
            allowDeselect={false}
            data={optionsOf(notification.channelId).map((option) => ({
              value: option,
              label: t(`policies.notificationOption.${option}`),
            }))}
            value={notification.option}
            onChange={(next) =>
              next &&
              onChange(
                value.map((n) =>
                  n.channelId === notification.channelId ? { ...n, option: next as NotificationOption } : n,
                ),
              )
            }
          />
          <Tooltip label={t('policies.condition.removeChannel', { name: nameOf(notification.channelId) })}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('policies.condition.removeChannel', { name: nameOf(notification.channelId) })}
              onClick={() => onChange(value.filter((n) => n.channelId !== notification.channelId))}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Select
        aria-label={t('policies.condition.channelPick')}
        placeholder={
          channels.data?.available && available.length === 0
            ? t('policies.condition.channelsEmpty')
            : t('policies.condition.channelPick')
        }
        w={300}
        data={unused.map((c) => ({ value: String(c.id), label: c.name }))}
        disabled={unused.length === 0}
        value={null}
        error={error ?? channels.error?.message}
        onChange={(next) => {
          if (!next) return;
          const channel = available.find((c) => c.id === Number(next));
          const option = channel ? notificationOptionsByChannel[channel.type].at(-1)! : 'SEND';
          onChange([...value, { channelId: Number(next), option }]);
        }}
      />
    </Stack>
  );
};

/** Library scripts run once per trigger, each with who it runs as. */
export const AutomationsField = ({
  value,
  onChange,
  errors,
}: {
  value: AutomationDraft[];
  onChange: (value: AutomationDraft[]) => void;
  errors: Record<string, string>;
}) => {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<AutomationDraft>) =>
    onChange(value.map((a, i) => (i === index ? { ...a, ...change } : a)));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('policies.condition.automationsHint')}
      </Text>
      {value.map((automation, index) => (
        // Automations have no identity of their own; a row is its position.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <ScriptPicker
            label={t('policies.condition.script', { n: index + 1 })}
            w={280}
            value={automation.scriptId}
            error={errors[`automations.${index}.scriptId`]}
            onChange={(scriptId) => set(index, { scriptId })}
          />
          <RunAsField
            label={t('policies.condition.runAs')}
            value={automation.runAs}
            error={errors[`automations.${index}.runAs.value`]}
            onChange={(runAs) => set(index, { runAs })}
          />
          <Tooltip label={t('policies.condition.removeAutomation', { n: index + 1 })}>
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={28}
              aria-label={t('policies.condition.removeAutomation', { n: index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...value, { scriptId: null, runAs: undefined }])}
        >
          {t('policies.condition.addAutomation')}
        </Button>
      </Group>
    </Stack>
  );
};
