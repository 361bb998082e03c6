import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  FORM_MAX_FIELDS,
  SaveTicketFormRequest,
  TICKET_NAME_MAX,
  type TicketForm,
  type TicketFormField,
  type TicketTimerSetting,
  ticketTimerSettings,
} from '@rmm/domain';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveFormMutation } from '../queries.ts';
import { FieldRow } from './form-field-row.tsx';

type Draft = {
  name: string;
  description: string;
  timer: TicketTimerSetting;
  isActive: boolean;
  fields: TicketFormField[];
};

/** A field key from its label: letters, digits and _ , starting with a letter (the contract's rule). */
export const keyOfLabel = (label: string, taken: readonly string[]) => {
  const base =
    label
      .normalize('NFKD')
      .replace(/[^a-zA-Z0-9]+(.)?/g, (_, next: string | undefined) => (next ? next.toUpperCase() : ''))
      .replace(/^[^a-zA-Z]+/, '')
      .replace(/^./, (first) => first.toLowerCase())
      .slice(0, 40) || 'field';
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}${n}`;
  return key;
};

/** The schema's message for each field of the form (by index and part), to show where it belongs. */
const problemsOf = (draft: Draft) => {
  const result = SaveTicketFormRequest.safeParse(draft);
  const problems = new Map<string, string>();
  if (result.success) return problems;
  for (const issue of result.error.issues) problems.set(issue.path.join('.'), issue.message);
  return problems;
};

/** A ticket form: name, description, timer setting, whether it is offered, and its fields in order. */
export const FormDialog = ({ form, onClose }: { form?: TicketForm; onClose: () => void }) => {
  const { t } = useTranslation();
  const save = useSaveFormMutation(form?.id);
  const [draft, setDraft] = useState<Draft>(() => ({
    name: form?.name ?? '',
    description: form?.description ?? '',
    timer: form?.timer ?? 'MANUAL',
    isActive: form?.isActive ?? true,
    fields: form ? form.fields.map((field) => ({ ...field })) : [],
  }));
  const [tried, setTried] = useState(false);
  const problems = tried ? problemsOf(draft) : new Map<string, string>();
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const setFields = (fields: TicketFormField[]) => set({ fields });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problemsOf(draft).size > 0) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('ticketing.forms.saved', { name: saved.name }) });
        onClose();
      },
    });
  };

  const move = (index: number, by: -1 | 1) => {
    const fields = [...draft.fields];
    const [field] = fields.splice(index, 1);
    if (field) fields.splice(index + by, 0, field);
    setFields(fields);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={form ? t('ticketing.forms.editTitle', { name: form.name }) : t('ticketing.forms.newTitle')}
    >
      <form onSubmit={submit} noValidate>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            {save.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {save.error.message}
              </Alert>
            )}
            <TextInput
              label={t('ticketing.forms.name')}
              withAsterisk
              data-autofocus
              maxLength={TICKET_NAME_MAX}
              value={draft.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={tried && !draft.name.trim() ? t('ticketing.required') : undefined}
            />
            <Textarea
              label={t('ticketing.forms.description')}
              rows={2}
              resize="vertical"
              maxLength={1000}
              value={draft.description}
              onChange={(event) => set({ description: event.currentTarget.value })}
            />
            <Select
              label={t('ticketing.forms.timer')}
              description={t(`ticketing.forms.timerHint.${draft.timer}`)}
              data={ticketTimerSettings.map((value) => ({
                value,
                label: t(`ticketing.forms.timerSetting.${value}`),
              }))}
              value={draft.timer}
              onChange={(timer) => timer && set({ timer: timer as TicketTimerSetting })}
              allowDeselect={false}
            />
            <Switch
              label={t('ticketing.forms.active')}
              checked={draft.isActive}
              onChange={(event) => set({ isActive: event.currentTarget.checked })}
            />
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t('ticketing.forms.fields')}
              </Text>
              {draft.fields.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('ticketing.forms.noFields')}
                </Text>
              )}
              {draft.fields.map((field, index) => (
                <FieldRow
                  key={field.key}
                  field={field}
                  index={index}
                  count={draft.fields.length}
                  problems={problems}
                  onChange={(next) => setFields(draft.fields.map((f, i) => (i === index ? next : f)))}
                  onMove={(by) => move(index, by)}
                  onRemove={() => setFields(draft.fields.filter((_, i) => i !== index))}
                />
              ))}
              <Button
                variant="subtle"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} />}
                disabled={draft.fields.length >= FORM_MAX_FIELDS}
                onClick={() => {
                  const label = t('ticketing.forms.newField', { n: draft.fields.length + 1 });
                  const key = keyOfLabel(
                    label,
                    draft.fields.map((field) => field.key),
                  );
                  setFields([...draft.fields, { key, label, kind: 'TEXT', isRequired: false, options: [] }]);
                }}
              >
                {t('ticketing.forms.addField')}
              </Button>
            </Stack>
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
