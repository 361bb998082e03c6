import { Anchor, Badge, Button, Paper, Table, Text } from '@mantine/core';
import type { RoleType } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useRolesQuery } from '../queries.ts';

/** Technician or end-user roles, by name; built-in ones first among equals, marked. */
const RolesPage = ({ roleType }: { roleType: RoleType }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const query = useRolesQuery(roleType);
  const canManage = useHasPermission('users.manage');
  const from = { from: location.pathname + location.search };
  return (
    <>
      <PageHeader
        title={t(roleType === 'TECHNICIAN' ? 'users.technicianRoles' : 'users.endUserRoles')}
        actions={
          canManage && (
            <Button
              component={Link}
              to={links.roleEditor('new', 'general', roleType)}
              state={from}
              leftSection={<IconPlus size={16} />}
            >
              {t('users.newRole')}
            </Button>
          )
        }
      />
      <QueryState query={query}>
        {(roles) => (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('common.name')}</Table.Th>
                    <Table.Th>{t('users.permissions')}</Table.Th>
                    <Table.Th>{t('users.usersCount')}</Table.Th>
                    <Table.Th>{t('users.organizations')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {roles.map((role) => (
                    <Table.Tr key={role.id}>
                      <Table.Td>
                        <Anchor component={Link} to={links.roleEditor(role.id)} state={from} fw={500}>
                          {role.name}
                        </Anchor>
                        {role.isBuiltIn && (
                          <Badge ml="xs" size="sm" variant="light" color="gray">
                            {t('users.builtIn')}
                          </Badge>
                        )}
                        {role.description && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {role.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{t('users.permissionCount', { count: role.permissions.length })}</Table.Td>
                      <Table.Td>{role.userCount}</Table.Td>
                      <Table.Td>
                        {role.organizationScope === 'all'
                          ? t('common.all')
                          : t('users.organizationCount', { count: role.organizationScope.length })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
    </>
  );
};

/** `/administration/users/technicianRoles`. */
export const TechnicianRolesPage = () => <RolesPage roleType="TECHNICIAN" />;
/** `/administration/users/endUserRoles`. */
export const EndUserRolesPage = () => <RolesPage roleType="END_USER" />;
