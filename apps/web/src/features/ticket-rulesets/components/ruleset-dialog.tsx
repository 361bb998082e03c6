import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RULESET_NAME_MAX, type RuleTriggerType, ruleTriggerTypes, type TicketRuleset } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { RulesetFetchError } from '../../../components/ruleset-fetch-error.tsx';
import { useSaveTicketRulesetMutation, useTicketRulesetQuery } from '../../../lib/ticket-rulesets.ts';
import { type RuleSettingsState, ruleSettingsFieldOf } from '../rule-settings-form.ts';
import {
  checkRuleset,
  newRulesetState,
  type RulesetFormState,
  stateOfRuleset,
  withId,
} from '../ruleset-form.ts';
import { EventRuleFields, TimeRuleFields } from './change-rule-fields.tsx';
import { RulesetSettingsFields } from './ruleset-settings-fields.tsx';
import { ActivityRuleFields, ScriptRuleFields } from './ticket-rule-fields.tsx';

type Errors = Record<string, string>;

/** The fields of the chosen trigger type: a condition's three settings, a rule's own, or a note. */
const TypeSettings = ({
  state,
  errors,
  onChange,
}: {
  state: RulesetFormState;
  errors: Errors;
  onChange: (change: Partial<RulesetFormState>) => void;
}) => {
  const { t } = useTranslation();
  const rules = <K extends keyof RuleSettingsState>(key: K) => ({
    value: state.rules[key],
    errors,
    onChange: (value: RuleSettingsState[K]) => onChange({ rules: { ...state.rules, [key]: value } }),
  });
  switch (state.type) {
    case 'CONDITION_RULE':
      return <RulesetSettingsFields state={state} errors={errors} onChange={onChange} />;
    case 'SCRIPT_RULE':
      return <ScriptRuleFields {...rules('script')} />;
    case 'ACTIVITY_RULE':
      return <ActivityRuleFields {...rules('activity')} />;
    case 'EVENT_BASED':
      return <EventRuleFields {...rules('event')} />;
    case 'TIME_BASED':
      return <TimeRuleFields {...rules('time')} />;
    default:
      return (
        <Text size="sm" c="dimmed">
          {t('ticketRulesets.dialog.noSettings')}
        </Text>
      );
  }
};

/** The form itself, once the ruleset (when editing) is loaded. */
const RulesetForm = ({ ruleset, onClose }: { ruleset?: TicketRuleset; onClose: () => void }) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const save = useSaveTicketRulesetMutation();
  const [state, setState] = useState<RulesetFormState>(() =>
    ruleset ? stateOfRuleset(ruleset) : newRulesetState(),
  );
  const [isSubmitted, setSubmitted] = useState(false);
  const set = (change: Partial<RulesetFormState>) => setState((current) => ({ ...current, ...change }));
  const check = checkRuleset(state);
  // The domain's messages, through the console's catalog.
  const errors: Errors = isSubmitted
    ? Object.fromEntries(Object.entries(check.errors).map(([key, text]) => [key, translate(text) ?? text]))
    : {};
  const wasDefault = ruleset?.isDefault === true;
  const fieldErrors = new Set(['name', 'isDefault', 'enabled']);
  // The fields shown for the type show their own messages; the rest are listed below them.
  const shownPrefixes =
    state.type === 'CONDITION_RULE'
      ? ['conditionTriggerSettings.', 'conditionResetSettings.', 'conditionReTriggerSettings.']
      : [`${ruleSettingsFieldOf(state.type) ?? state.type}.`];
  const otherErrors = Object.entries(errors).filter(
    ([key]) => !fieldErrors.has(key) && !shownPrefixes.some((prefix) => key.startsWith(prefix)),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.input) return;
    save.mutate(ruleset ? withId(check.input, ruleset.id) : check.input, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('ticketRulesets.saved') });
        onClose();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          {save.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {translate(save.error.message)}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput
              label={t('ticketRulesets.dialog.name')}
              withAsterisk
              data-autofocus
              maxLength={RULESET_NAME_MAX}
              value={state.name}
              error={errors.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
            />
            <Select
              label={t('ticketRulesets.dialog.type')}
              allowDeselect={false}
              data={ruleTriggerTypes.map((type) => ({
                value: type,
                label: t(`ticketRulesets.type.${type}`),
              }))}
              value={state.type}
              onChange={(next) => next && set({ type: next as RuleTriggerType })}
            />
          </Group>
          <Switch
            label={t('ticketRulesets.dialog.enabled')}
            description={t('ticketRulesets.dialog.enabledHint')}
            checked={state.enabled}
            error={errors.enabled}
            onChange={(event) => set({ enabled: event.currentTarget.checked })}
          />
          <Switch
            label={t('ticketRulesets.dialog.isDefault')}
            description={
              wasDefault
                ? t('ticketRulesets.dialog.isDefaultFixed')
                : t('ticketRulesets.dialog.isDefaultHint')
            }
            checked={state.isDefault}
            disabled={wasDefault}
            error={errors.isDefault}
            onChange={(event) => set({ isDefault: event.currentTarget.checked })}
          />
          <TypeSettings state={state} errors={errors} onChange={set} />
          {otherErrors.length > 0 && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {otherErrors.map(([key, message]) => (
                <Text key={key} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
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
  );
};

/**
 * Creates a ruleset, or edits the one of `rulesetId` (read by id, so with useOwnerAsRequester: the list does
 * not carry it, and an update replaces every field). The domain's schema judges it on Save; the server's
 * refusal shows above the fields.
 */
export const RulesetDialog = ({ rulesetId, onClose }: { rulesetId?: number; onClose: () => void }) => {
  const { t } = useTranslation();
  const ruleset = useTicketRulesetQuery(rulesetId);
  const title = rulesetId === undefined ? t('ticketRulesets.dialog.new') : t('ticketRulesets.dialog.edit');
  return (
    <Modal opened onClose={onClose} size="xl" title={title}>
      {rulesetId === undefined ? (
        <RulesetForm onClose={onClose} />
      ) : ruleset.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : ruleset.isError || !ruleset.data ? (
        <RulesetFetchError error={ruleset.error} onRetry={() => ruleset.refetch()} />
      ) : (
        <RulesetForm ruleset={ruleset.data} onClose={onClose} />
      )}
    </Modal>
  );
};
