import { Checkbox, Group, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { groupPermissions } from '../permission-groups.ts';

/**
 * One row per area, a checkbox per action and an "all" toggle per area. `permissions` are the ones to
 * offer; values outside them (a PSA permission while the flag is off) are kept as they are.
 */
export const PermissionMatrix = ({
  permissions,
  value,
  onChange,
  readOnly = false,
}: {
  permissions: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  readOnly?: boolean;
}) => {
  const { t } = useTranslation();
  const selected = new Set(value);
  const groups = groupPermissions(permissions);
  const set = (changed: readonly string[], on: boolean) => {
    const next = new Set(value);
    for (const permission of changed) on ? next.add(permission) : next.delete(permission);
    onChange([...next]);
  };
  const count = permissions.filter((permission) => selected.has(permission)).length;

  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200}>{t('users.area')}</Table.Th>
              <Table.Th w={80}>{t('users.allOfArea')}</Table.Th>
              <Table.Th>
                <Group justify="space-between">
                  {t('users.permissions')}
                  <Text size="xs" c="dimmed" fw={400}>
                    {t('users.selected', { count, total: permissions.length })}
                  </Text>
                </Group>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => {
              const area = t(`users.area.${group.area}`, { defaultValue: group.area });
              const names = group.permissions.map((p) => p.permission);
              const held = names.filter((name) => selected.has(name)).length;
              return (
                <Table.Tr key={group.area} data-area={group.area}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {area}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('users.allOfAreaLabel', { area })}
                      checked={held === names.length}
                      indeterminate={held > 0 && held < names.length}
                      disabled={readOnly}
                      onChange={() => set(names, held < names.length)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="lg">
                      {group.permissions.map(({ permission, action }) => {
                        const label = t(`users.action.${action}`, { defaultValue: action });
                        return (
                          <Checkbox
                            key={permission}
                            label={label}
                            aria-label={t('users.permissionLabel', { area, action: label })}
                            checked={selected.has(permission)}
                            disabled={readOnly}
                            onChange={(event) => set([permission], event.currentTarget.checked)}
                          />
                        );
                      })}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
};
