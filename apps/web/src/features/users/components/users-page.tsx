import { Anchor, Button, Group, Paper, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import type { RoleType, User } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useUsersQuery } from '../queries.ts';
import { InviteUserModal } from './invite-user-modal.tsx';
import { OrganizationSelect, useOrganizationOptions } from './organization-fields.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';

const PAGE_SIZE = 25;

const ScopeCell = ({ user, nameOf }: { user: User; nameOf: (id: number) => string }) => {
  const { t } = useTranslation();
  if (user.userType === 'END_USER') return <>{user.organizationName ?? '–'}</>;
  if (user.organizationScope === 'all') return <>{t('common.all')}</>;
  const names = user.organizationScope.map(nameOf);
  if (names.length <= 2) return <>{names.join(', ') || '–'}</>;
  return (
    <Tooltip label={names.join(', ')} multiline maw={320}>
      <Text size="sm" span>
        {t('users.organizationCount', { count: names.length })}
      </Text>
    </Tooltip>
  );
};

/** Technicians or end users: search (and for end users an organization filter) and page live in the URL. */
const UsersPage = ({ userType }: { userType: RoleType }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [inviting, invite] = useDisclosure(false);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const organizationId = Number(params.get('organizationId')) || undefined;
  const isTechnician = userType === 'TECHNICIAN';
  const query = useUsersQuery({
    userType,
    page,
    pageSize: PAGE_SIZE,
    search: search || undefined,
    organizationId,
  });
  const { nameOf } = useOrganizationOptions();
  const canManage = useHasPermission('users.manage');
  const setParam = (name: string, value: string | undefined) =>
    setParams((p) => {
      value ? p.set(name, value) : p.delete(name);
      p.delete('page');
      return p;
    });
  const setSearch = useDebouncedCallback((value: string) => setParam('search', value), 300);
  const from = { from: location.pathname + location.search };
  const editorOf = (user: User) => (isTechnician ? links.userEditor(user.id) : links.endUserEditor(user.id));

  return (
    <>
      <PageHeader
        title={t(isTechnician ? 'users.technicians' : 'users.endUsers')}
        actions={
          canManage && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
              {t(isTechnician ? 'users.inviteTechnician' : 'users.inviteEndUser')}
            </Button>
          )
        }
      />
      <Group mb="md" align="flex-end">
        <TextInput
          w={360}
          aria-label={t('common.search')}
          placeholder={t('users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={search}
          onChange={(e) => setSearch(e.currentTarget.value.trim())}
        />
        {!isTechnician && (
          <OrganizationSelect
            ariaLabel={t('users.filterOrganization')}
            placeholder={t('users.anyOrganization')}
            clearable
            maw={280}
            value={organizationId ?? null}
            onChange={(id) => setParam('organizationId', id === null ? undefined : String(id))}
          />
        )}
      </Group>
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">
                {search || organizationId
                  ? t('common.noResults')
                  : t(isTechnician ? 'users.emptyTechnicians' : 'users.emptyEndUsers')}
              </Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={760}>
                <Table striped highlightOnHover verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('common.name')}</Table.Th>
                      <Table.Th>{t('users.email')}</Table.Th>
                      <Table.Th>{t('users.role')}</Table.Th>
                      <Table.Th>{t(isTechnician ? 'users.organizations' : 'users.organization')}</Table.Th>
                      <Table.Th>{t('users.status')}</Table.Th>
                      <Table.Th>{t('users.lastSignIn')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((user) => (
                      <Table.Tr key={user.id}>
                        <Table.Td>
                          <Anchor component={Link} to={editorOf(user)} state={from} fw={500}>
                            {user.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{user.email}</Table.Td>
                        <Table.Td>{user.roleName}</Table.Td>
                        <Table.Td>
                          <ScopeCell user={user} nameOf={nameOf} />
                        </Table.Td>
                        <Table.Td>
                          <UserStatusBadge status={user.status} />
                        </Table.Td>
                        <Table.Td>
                          <RelativeTime value={user.lastLoginAt} size="sm" />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) =>
                  setParams((p) => {
                    p.set('page', String(next));
                    return p;
                  })
                }
              />
            </Paper>
          )
        }
      </QueryState>
      <InviteUserModal userType={userType} opened={inviting} onClose={invite.close} />
    </>
  );
};

/** `/administration/users/technicians`. */
export const TechniciansPage = () => <UsersPage userType="TECHNICIAN" />;
/** `/administration/users/endUsers`. */
export const EndUsersPage = () => <UsersPage userType="END_USER" />;
