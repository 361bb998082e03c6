import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type PlanFormValues, ruleRow } from './plan-form.ts';

/** The include or exclude rules: one path or pattern a line, added and removed one by one. */
export const RulesField = ({
  form,
  field,
}: {
  form: UseFormReturnType<PlanFormValues>;
  field: 'include' | 'exclude';
}) => {
  const { t } = useTranslation();
  const rows = form.values[field];
  return (
    <Input.Wrapper
      label={t(`backupPlan.${field}`)}
      description={t(`backupPlan.${field}Hint`)}
      withAsterisk={field === 'include'}
      error={form.errors[field]}
    >
      <Stack gap="xs" mt={6}>
        {rows.map((row, index) => (
          <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              flex={1}
              aria-label={t(`backupPlan.${field}Rule`, { index: index + 1 })}
              placeholder={t(`backupPlan.${field}Placeholder`)}
              ff="monospace"
              {...form.getInputProps(`${field}.${index}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => form.removeListItem(field, index)}
              aria-label={t(`backupPlan.${field}Remove`, { index: index + 1 })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem(field, ruleRow())}
          >
            {t(`backupPlan.${field}Add`)}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
};
