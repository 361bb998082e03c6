import { Anchor, Select, Stack, Text } from '@mantine/core';
import {
  type ConditionTicketing,
  choiceOfTicketing,
  conditionRulesetPickerOptions,
  RULESET_NONE,
  ticketingOfChoice,
} from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { RulesetFetchError } from '../../../components/ruleset-fetch-error.tsx';
import { useTicketRulesetsQuery } from '../../../lib/ticket-rulesets.ts';

/**
 * Spec §4's ruleset picker: None (no ticket), the default ruleset, then every condition ruleset, a disabled one
 * with " (Disabled)" after its name. Choosing a ruleset sets its id and turns ticket creation on. The rulesets
 * come over GraphQL; a failed read shows "Error fetching ruleset" and leaves None and the default to choose.
 */
export const RulesetPicker = ({
  value,
  error,
  onChange,
}: {
  value: ConditionTicketing;
  error?: string;
  onChange: (value: ConditionTicketing) => void;
}) => {
  const { t } = useTranslation();
  const canView = useHasPermission('ticketing.view');
  const rulesets = useTicketRulesetsQuery(canView);
  const list = rulesets.data ?? [];
  const defaultName = list.find((r) => r.isDefault)?.name;
  const options = conditionRulesetPickerOptions(
    list,
    defaultName
      ? t('policies.condition.ticketing.defaultNamed', { name: defaultName })
      : t('policies.condition.ticketing.DEFAULT'),
  ).map((option) =>
    option.value === RULESET_NONE ? { ...option, label: t('policies.condition.ticketing.NONE') } : option,
  );
  const chosen = choiceOfTicketing(value);
  // A ruleset the list does not show (not readable here, or the list failed) stays chosen, by its id.
  const data = options.some((o) => o.value === chosen)
    ? options
    : [...options, { value: chosen, label: t('policies.condition.rulesetNumbered', { id: chosen }) }];
  return (
    <Stack gap="xs">
      <Select
        label={t('policies.condition.ruleset')}
        w={360}
        allowDeselect={false}
        data={data}
        value={chosen}
        error={error}
        disabled={canView && rulesets.isPending}
        onChange={(next) => next && onChange(ticketingOfChoice(next))}
      />
      {rulesets.isError && <RulesetFetchError error={rulesets.error} onRetry={() => rulesets.refetch()} />}
      <Text size="xs" c="dimmed">
        <Anchor href={links.ticketRulesets()} target="_blank" size="xs">
          {t('policies.condition.manageRulesets')}
        </Anchor>
      </Text>
    </Stack>
  );
};
