import { Alert, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type EffectiveCondition, type NodeClass, nodeClasses } from '@rmm/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { noOverrides, orphanCount, type ParentItems, type PolicyDraft } from '../editor-model.ts';
import { PolicySelect } from './policy-select.tsx';

/** Name, description, device class and parent of a policy. */
export const PolicyGeneralFields = ({
  draft,
  onChange,
  errors,
  parentConditions,
  parentItems,
  selfId,
  readOnly,
}: {
  draft: PolicyDraft;
  onChange: (change: Partial<PolicyDraft>) => void;
  errors: Record<string, string | undefined>;
  /** The parent's conditions, undefined while they load. */
  parentConditions: readonly EffectiveCondition[] | undefined;
  /** The parent's backup plans and scheduled scripts, undefined while they load. */
  parentItems: ParentItems | undefined;
  selfId?: number;
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const dropped = parentConditions && parentItems ? orphanCount(draft, parentConditions, parentItems) : 0;
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
      <Stack maw={600}>
        <TextInput
          label={t('policies.name')}
          withAsterisk
          value={draft.name}
          error={errors.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
        />
        <Textarea
          label={t('policies.description')}
          rows={3}
          value={draft.description}
          error={errors.description}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
        />
        <Select
          label={t('policies.nodeClass')}
          description={t('policies.nodeClassHint')}
          allowDeselect={false}
          searchable
          data={nodeClasses.map((nodeClass) => ({
            value: nodeClass,
            label: t(`policies.nodeClass.${nodeClass}`),
          }))}
          value={draft.nodeClass}
          readOnly={readOnly}
          onChange={(next) =>
            next &&
            // A parent of another class cannot stay: the child inherits only from its own class.
            onChange({ nodeClass: next as NodeClass, parentPolicyId: null, ...noOverrides })
          }
        />
        <PolicySelect
          label={t('policies.parent')}
          description={t('policies.parentHint')}
          nodeClass={draft.nodeClass}
          emptyLabel={t('policies.parentNone')}
          exclude={selfId}
          value={draft.parentPolicyId}
          readOnly={readOnly}
          onChange={(parentPolicyId) => onChange({ parentPolicyId })}
        />
        {dropped > 0 && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {t('policies.droppedOverrides', { count: dropped })}
          </Alert>
        )}
      </Stack>
    </fieldset>
  );
};
