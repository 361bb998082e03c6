import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  alertPriorities,
  alertSeverities,
  type Condition,
  type ConditionType,
  conditionTypesForClass,
  findConditionTypeInfo,
  type NodeClass,
  resetModes,
} from '@rmm/domain';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ConditionFormState,
  checkCondition,
  newConditionState,
  stateOfCondition,
  withType,
} from '../condition-form.ts';
import { AutomationsField, NotificationsField } from './condition-extras.tsx';
import { ParameterInputs } from './parameter-inputs.tsx';
import { DevicePicker } from './pickers.tsx';
import { RulesetPicker } from './ruleset-picker.tsx';

export type ConditionDialogMode = 'add' | 'edit' | 'override';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs">
    <Divider />
    <Title order={5}>{title}</Title>
    {children}
  </Stack>
);

/** The condition types a policy of this class offers, device ones first, then the network ones. */
const typeOptions = (nodeClass: NodeClass, t: (key: string) => string) => {
  const types = conditionTypesForClass(nodeClass);
  const group = (network: boolean) =>
    types
      .filter((info) => info.network === network)
      .map((info) => ({ value: info.type, label: t(`policies.conditionType.${info.type}`) }));
  return [
    { group: t('policies.condition.typeGroup.device'), items: group(false) },
    { group: t('policies.condition.typeGroup.network'), items: group(true) },
  ].filter((g) => g.items.length > 0);
};

/**
 * Adds, edits or overrides one condition: its type (new ones only), parameters with their units, what the
 * alert is, who is told, which ticket ruleset and which scripts run. The domain's schema judges it on Apply;
 * its messages show at their fields.
 */
export const ConditionDialog = ({
  mode,
  condition,
  nodeClass,
  onApply,
  onClose,
}: {
  mode: ConditionDialogMode;
  /** The condition to edit or override; undefined to add one. */
  condition?: Condition;
  nodeClass: NodeClass;
  onApply: (condition: Condition) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [state, setState] = useState<ConditionFormState | undefined>(() =>
    condition ? stateOfCondition(condition) : undefined,
  );
  const [tried, setTried] = useState(false);
  const messages = {
    listInvalid: t('policies.condition.listInvalid'),
    notForClass: t('policies.condition.notForClass'),
  };
  const check = state ? checkCondition(state, messages, nodeClass) : undefined;
  const errors = tried && check ? check.errors : {};
  const set = (change: Partial<ConditionFormState>) =>
    setState((current) => current && { ...current, ...change });
  const title =
    mode === 'add'
      ? t('policies.condition.new')
      : mode === 'override'
        ? t('policies.condition.override')
        : t('policies.condition.edit');
  const apply = () => {
    setTried(true);
    if (check?.condition) onApply(check.condition);
  };
  const otherErrors = Object.entries(errors).filter(
    ([key]) =>
      !key.startsWith('parameters.') &&
      !key.startsWith('automations.') &&
      !['name', 'type', 'reset.afterMinutes', 'probeDeviceId', 'ticketing', 'ticketing.rulesetId'].includes(
        key,
      ),
  );

  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <Stack gap="md">
        {mode === 'override' && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} py="xs">
            {t('policies.condition.overrideHint')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Select
            label={t('policies.condition.type')}
            placeholder={t('policies.condition.typePlaceholder')}
            withAsterisk
            searchable
            allowDeselect={false}
            disabled={mode !== 'add'}
            data={
              mode === 'add'
                ? typeOptions(nodeClass, t)
                : state
                  ? [{ value: state.type, label: t(`policies.conditionType.${state.type}`) }]
                  : []
            }
            value={state?.type ?? null}
            error={errors.type}
            onChange={(next) => {
              if (!next) return;
              const type = next as ConditionType;
              setState((current) => (current ? withType(current, type) : newConditionState(type)));
            }}
          />
          {state && (
            <TextInput
              label={t('policies.condition.name')}
              withAsterisk
              value={state.name}
              error={errors.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
            />
          )}
        </SimpleGrid>
        {state && (
          <>
            <Switch
              label={t('policies.condition.enabled')}
              checked={state.enabled}
              onChange={(event) => set({ enabled: event.currentTarget.checked })}
            />
            <Section title={t('policies.condition.parameters')}>
              <ParameterInputs
                type={state.type}
                parameters={state.parameters}
                listTexts={state.listTexts}
                errors={errors}
                onParameter={(key, value) => set({ parameters: { ...state.parameters, [key]: value } })}
                onListText={(key, text) => set({ listTexts: { ...state.listTexts, [key]: text } })}
              />
            </Section>
            {findConditionTypeInfo(state.type).network && (
              <Section title={t('policies.condition.probe')}>
                <DevicePicker
                  label={t('policies.condition.probe')}
                  description={t('policies.condition.probeHint')}
                  withAsterisk
                  maw={420}
                  value={state.probeDeviceId}
                  error={errors.probeDeviceId}
                  onChange={(probeDeviceId) => set({ probeDeviceId })}
                />
              </Section>
            )}
            <Section title={t('policies.condition.alert')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <Select
                  label={t('policies.condition.severity')}
                  allowDeselect={false}
                  data={alertSeverities.map((s) => ({ value: s, label: t(`policies.severity.${s}`) }))}
                  value={state.severity}
                  onChange={(next) => next && set({ severity: next as ConditionFormState['severity'] })}
                />
                <Select
                  label={t('policies.condition.priority')}
                  allowDeselect={false}
                  data={alertPriorities.map((p) => ({ value: p, label: t(`policies.priority.${p}`) }))}
                  value={state.priority}
                  onChange={(next) => next && set({ priority: next as ConditionFormState['priority'] })}
                />
              </SimpleGrid>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('policies.condition.reset')}
                </Text>
                <Group gap="md" align="flex-start">
                  <SegmentedControl
                    aria-label={t('policies.condition.reset')}
                    data={resetModes.map((mode) => ({ value: mode, label: t(`policies.resetMode.${mode}`) }))}
                    value={state.resetMode}
                    onChange={(next) => set({ resetMode: next as ConditionFormState['resetMode'] })}
                  />
                  {state.resetMode === 'AFTER_TIME' && (
                    <NumberInput
                      aria-label={t('policies.condition.resetAfter')}
                      w={180}
                      allowDecimal={false}
                      clampBehavior="none"
                      rightSection={t('policies.unit.minutes')}
                      rightSectionWidth={72}
                      rightSectionPointerEvents="none"
                      value={state.resetAfterMinutes}
                      error={errors['reset.afterMinutes']}
                      onChange={(next) => set({ resetAfterMinutes: typeof next === 'number' ? next : '' })}
                    />
                  )}
                </Group>
              </Stack>
              <Switch
                label={t('policies.condition.notifyOnReset')}
                checked={state.notifyOnReset}
                onChange={(event) => set({ notifyOnReset: event.currentTarget.checked })}
              />
            </Section>
            <Section title={t('policies.condition.notifications')}>
              <NotificationsField
                value={state.notifications}
                error={errors.notifications}
                onChange={(notifications) => set({ notifications })}
              />
            </Section>
            <Section title={t('policies.condition.ticketing')}>
              <RulesetPicker
                value={
                  state.ticketingMode === 'RULESET' && state.rulesetId !== ''
                    ? { mode: 'RULESET', rulesetId: state.rulesetId }
                    : { mode: state.ticketingMode === 'RULESET' ? 'NONE' : state.ticketingMode }
                }
                error={errors['ticketing.rulesetId'] ?? errors.ticketing}
                onChange={(ticketing) =>
                  set({
                    ticketingMode: ticketing.mode,
                    rulesetId: ticketing.mode === 'RULESET' ? ticketing.rulesetId : '',
                  })
                }
              />
            </Section>
            <Section title={t('policies.condition.automations')}>
              <AutomationsField
                value={state.automations}
                errors={errors}
                onChange={(automations) => set({ automations })}
              />
            </Section>
            {otherErrors.length > 0 && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {otherErrors.map(([key, message]) => (
                  <Text key={key} size="sm">
                    {key}: {message}
                  </Text>
                ))}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={apply} disabled={!state}>
            {t('policies.condition.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
