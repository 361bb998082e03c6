import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import {
  localTimeZone,
  type OfflineDevicePolicy,
  offlineDevicePolicies,
  PolicyScheduledScript,
  policyScriptScheduleTypes,
} from '@rmm/domain';
import { IconPlus, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScriptParameterField } from '../../../components/run-script/script-parameter-field.tsx';
import { ScheduleFields } from '../../../components/schedule/schedule-fields.tsx';
import { useScriptForRunQuery } from '../../../lib/library-scripts.ts';
import {
  newActionDraft,
  type ScriptFormValues,
  scheduledScriptOf,
  scriptFormValuesOf,
  validateScriptForm,
} from '../scheduled-script-form.ts';
import type { ItemDialogMode } from './backup-plan-dialog.tsx';
import { ScriptPicker } from './pickers.tsx';
import { RunAsField } from './run-as-field.tsx';

type Form = UseFormReturnType<ScriptFormValues>;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p="md" component="section" aria-label={title}>
    <Title order={4} mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

/** One script of the list: the library script, its run-as and its parameters (as the library types them). */
const ActionFields = ({ form, index }: { form: Form; index: number }) => {
  const { t } = useTranslation();
  const action = form.values.actions[index]!;
  const script = useScriptForRunQuery(action.scriptId ?? undefined);
  const parameters = script.data?.parameters ?? [];
  const n = index + 1;
  return (
    <Paper withBorder p="sm" role="group" aria-label={t('policies.scripts.script', { n })}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <ScriptPicker
          label={t('policies.scripts.script', { n })}
          withAsterisk
          w={300}
          value={action.scriptId}
          error={form.errors[`actions.${index}.scriptId`]}
          onChange={(scriptId) => {
            form.setFieldValue(`actions.${index}.scriptId`, scriptId);
            form.setFieldValue(`actions.${index}.parameters`, []);
          }}
        />
        <RunAsField
          label={t('policies.condition.runAs')}
          value={action.runAs}
          error={form.errors[`actions.${index}.runAs`] as string | undefined}
          onChange={(runAs) => form.setFieldValue(`actions.${index}.runAs`, runAs)}
        />
        {form.values.actions.length > 1 && (
          <Tooltip label={t('policies.scripts.removeScript', { n })}>
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={28}
              aria-label={t('policies.scripts.removeScript', { n })}
              onClick={() => form.removeListItem('actions', index)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Stack gap="xs" mt={parameters.length > 0 ? 'sm' : 0}>
        {script.data && parameters.length === 0 && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('policies.scripts.noParameters')}
          </Text>
        )}
        {parameters.map((parameter, position) => (
          <ScriptParameterField
            key={parameter.name}
            parameter={parameter}
            value={action.parameters[position] ?? ''}
            onChange={(value) => {
              const next = parameters.map((_, i) => action.parameters[i] ?? '');
              next[position] = value;
              form.setFieldValue(`actions.${index}.parameters`, next);
            }}
          />
        ))}
      </Stack>
    </Paper>
  );
};

/**
 * A policy's scheduled script: the scheduled task's fields (name, schedule with the shared schedule fields,
 * library scripts with parameters and run-as, offline devices) without targets: it runs on the policy's
 * devices. Apply checks it with the domain's `PolicyScheduledScript`; the policy's Save stores it.
 */
export const ScheduledScriptDialog = ({
  mode,
  script,
  onApply,
  onClose,
}: {
  mode: ItemDialogMode;
  script?: PolicyScheduledScript;
  onApply: (script: PolicyScheduledScript) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [id] = useState(() => script?.id ?? crypto.randomUUID());
  const form = useForm<ScriptFormValues>({ initialValues: scriptFormValuesOf(script, localTimeZone()) });
  const apply = () => {
    const errors = validateScriptForm(form.values, id, t);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0)
      onApply(PolicyScheduledScript.parse(scheduledScriptOf(form.values, id)));
  };
  const title =
    mode === 'add'
      ? t('policies.scripts.dialog.add')
      : t(`policies.scripts.dialog.${mode}`, { name: script?.name ?? '' });
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <Stack>
        <Stack maw={640}>
          <TextInput label={t('policies.scripts.name')} withAsterisk {...form.getInputProps('name')} />
          <Textarea
            label={t('policies.scripts.description')}
            rows={2}
            {...form.getInputProps('description')}
          />
          <Switch
            label={t('policies.scripts.enabled')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
        </Stack>
        <Section title={t('policies.scripts.schedule')}>
          <ScheduleFields
            form={form}
            types={policyScriptScheduleTypes}
            typeLabel={t('policies.schedule.type')}
            typeOptionLabel={(type) => t(`policies.schedule.${type}`)}
            intervalLabel={t('policies.schedule.intervalMinutes')}
          />
        </Section>
        <Section title={t('policies.scripts.actions')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('policies.scripts.actionsHint')}
            </Text>
            {form.values.actions.map((action, index) => (
              <ActionFields key={action.key} form={form} index={index} />
            ))}
            {form.errors.actions && (
              <Text size="xs" c="red" role="alert">
                {form.errors.actions}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('actions', newActionDraft())}
              >
                {t('policies.scripts.addScript')}
              </Button>
            </Group>
            <Select
              label={t('policies.scripts.offlineDevices')}
              w={360}
              allowDeselect={false}
              data={offlineDevicePolicies.map((value) => ({
                value,
                label: t(`policies.scripts.offline.${value}`),
              }))}
              value={form.values.offlineDevices}
              onChange={(value) =>
                value && form.setFieldValue('offlineDevices', value as OfflineDevicePolicy)
              }
            />
          </Stack>
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={apply}>{t('policies.items.apply')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
};
