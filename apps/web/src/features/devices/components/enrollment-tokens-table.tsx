import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { EnrollmentToken } from '@rmm/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';
import { useEnrollmentTokensQuery, useRevokeEnrollmentTokenMutation } from '../queries.ts';

const PAGE_SIZE = 25;
const statusColors = { ACTIVE: 'green', EXPIRED: 'gray', REVOKED: 'red' } as const;
const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

/** Enrolment tokens (never the token itself): who made them, until when, how often used; revoke. */
export const EnrollmentTokensTable = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useEnrollmentTokensQuery({ page, pageSize: PAGE_SIZE });
  const organizations = useOrganizationsQuery({ page: 1, pageSize: 500, sort: 'name' });
  const revoke = useRevokeEnrollmentTokenMutation();
  const organizationName = (token: EnrollmentToken) =>
    organizations.data?.data.find((org) => org.id === token.organizationId)?.name ??
    `#${token.organizationId}`;
  const locationName = (token: EnrollmentToken) =>
    organizations.data?.data
      .find((org) => org.id === token.organizationId)
      ?.locations.find((l) => l.id === token.locationId)?.name ?? '';
  const confirmRevoke = (token: EnrollmentToken) =>
    modals.openConfirmModal({
      title: t('devices.tokens.revokeTitle'),
      children: <Text size="sm">{t('devices.tokens.revokeBody')}</Text>,
      labels: { confirm: t('devices.tokens.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(token.id, {
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <QueryState query={query}>
      {(result) =>
        result.count === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text c="dimmed">{t('devices.tokens.empty')}</Text>
          </Paper>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={820}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('devices.add.organization')}</Table.Th>
                    <Table.Th>{t('devices.location')}</Table.Th>
                    <Table.Th>{t('devices.tokens.status')}</Table.Th>
                    <Table.Th>{t('devices.tokens.createdBy')}</Table.Th>
                    <Table.Th>{t('devices.tokens.expires')}</Table.Th>
                    <Table.Th>{t('devices.tokens.used')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((token) => (
                    <Table.Tr key={token.id}>
                      <Table.Td>{organizationName(token)}</Table.Td>
                      <Table.Td>{locationName(token)}</Table.Td>
                      <Table.Td>
                        <Badge color={statusColors[token.status]} variant="light">
                          {t(`devices.tokens.status.${token.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{token.createdBy ?? ''}</Text>
                        <Text size="xs" c="dimmed">
                          {time(token.createTime)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{time(token.expiresAt)}</Table.Td>
                      <Table.Td>{token.usedCount}</Table.Td>
                      <Table.Td ta="right">
                        {token.status === 'ACTIVE' && (
                          <Button size="xs" variant="subtle" color="red" onClick={() => confirmRevoke(token)}>
                            {t('devices.tokens.revoke')}
                          </Button>
                        )}
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
  );
};
