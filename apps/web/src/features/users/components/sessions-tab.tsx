import { Badge, Button, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { User, UserSession } from '@rmm/domain';
import { IconLogout } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useHasPermission, useMeQuery } from '../../../app/session/queries.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useRevokeSessionMutation, useSessionsQuery } from '../queries.ts';

/** A technician's active sessions; ending one signs that browser out at once. */
export const SessionsTab = ({ user }: { user: Pick<User, 'id' | 'roleId'> }) => {
  const { t } = useTranslation();
  const query = useSessionsQuery(user.id);
  const revoke = useRevokeSessionMutation(user.id);
  const me = useMeQuery();
  const canRevoke = useHasPermission('users.manage') || me.data?.user.id === user.id;
  const confirm = (session: UserSession) =>
    modals.openConfirmModal({
      title: t('users.revokeSessionTitle'),
      children: <Text size="sm">{t('users.revokeSessionBody')}</Text>,
      labels: { confirm: t('users.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(session.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('users.sessionRevoked') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <QueryState query={query}>
      {(sessions) =>
        sessions.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text c="dimmed">{t('users.noSessions')}</Text>
          </Paper>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={760}>
              <Table striped verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th miw={150}>{t('users.started')}</Table.Th>
                    <Table.Th miw={140}>{t('users.lastSeen')}</Table.Th>
                    <Table.Th miw={120}>{t('users.ipAddress')}</Table.Th>
                    <Table.Th>{t('users.browser')}</Table.Th>
                    <Table.Th w={120}>
                      <VisuallyHidden>{t('users.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sessions.map((session) => (
                    <Table.Tr key={session.id}>
                      <Table.Td>{dayjs(session.createdAt).format('YYYY-MM-DD HH:mm')}</Table.Td>
                      <Table.Td>
                        <RelativeTime value={session.lastSeenAt} size="sm" />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {session.ipAddress ?? '–'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed" lineClamp={2} title={session.userAgent ?? undefined}>
                          {session.userAgent ?? '–'}
                        </Text>
                        {session.isCurrent && (
                          <Badge mt={4} size="sm" variant="light" color="teal">
                            {t('users.thisSession')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {canRevoke && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconLogout size={14} />}
                            onClick={() => confirm(session)}
                          >
                            {t('users.revoke')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )
      }
    </QueryState>
  );
};
