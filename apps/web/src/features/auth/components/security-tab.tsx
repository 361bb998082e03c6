import { Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { MfaFactor, TotpConfirmResponse } from '@rmm/domain';
import { IconShieldCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { useMfaStatusQuery, useRecoveryCodesMutation, useRemoveFactorMutation } from '../queries.ts';
import { RecoveryCodes, TotpSetupForm } from './totp-setup.tsx';

/** Setting up an authenticator app from one's account: the set-up form, then the recovery codes. */
const TotpSetupModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[]>();
  const close = () => {
    onClose();
    setCodes(undefined);
  };
  const confirmed = (answer: TotpConfirmResponse) => {
    notifications.show({ color: 'green', message: t('account.totpEnabled') });
    if (answer.recoveryCodes.length > 0) setCodes(answer.recoveryCodes);
    else close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={codes ? t('account.recoveryShown') : t('account.totpTitle')}
      size="md"
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={close} />
      ) : (
        <TotpSetupForm onConfirmed={confirmed} onCancel={close} />
      )}
    </Modal>
  );
};

/** One's own second factors and recovery codes (the account page's Security tab). */
export const SecurityTab = () => {
  const { t } = useTranslation();
  const query = useMfaStatusQuery();
  const remove = useRemoveFactorMutation();
  const regenerate = useRecoveryCodesMutation();
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const typeName = (factor: MfaFactor) => t(`auth.mfa.type.${factor.type}`);

  const confirmRemove = (factor: MfaFactor) =>
    modals.openConfirmModal({
      title: t('account.removeTitle', { name: factor.label || typeName(factor) }),
      children: <Text size="sm">{t('account.removeBody')}</Text>,
      labels: { confirm: t('account.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(factor.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('account.removed') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  const confirmRegenerate = () =>
    modals.openConfirmModal({
      title: t('account.recoveryNewTitle'),
      children: <Text size="sm">{t('account.recoveryNewBody')}</Text>,
      labels: { confirm: t('account.recoveryNew'), cancel: t('common.cancel') },
      onConfirm: () =>
        regenerate.mutate(undefined, {
          onSuccess: (answer) => setCodes(answer.codes),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <QueryState query={query}>
      {(status) => (
        <Stack maw={760}>
          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Title order={4}>{t('account.factors')}</Title>
              {!status.factors.some((f) => f.type === 'TOTP') && (
                <Button leftSection={<IconShieldCheck size={16} />} onClick={() => setSettingUp(true)}>
                  {t('account.setupTotp')}
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed" mb="md">
              {t('account.factorsHelp')}
            </Text>
            {status.factors.length === 0 ? (
              <Text size="sm">{t('account.noFactors')}</Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('account.factor.type')}</Table.Th>
                    <Table.Th>{t('account.factor.label')}</Table.Th>
                    <Table.Th>{t('account.factor.added')}</Table.Th>
                    <Table.Th>{t('account.factor.lastUsed')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {status.factors.map((factor) => (
                    <Table.Tr key={factor.id}>
                      <Table.Td>{typeName(factor)}</Table.Td>
                      <Table.Td>{factor.label}</Table.Td>
                      <Table.Td>{dayjs(factor.createdAt).format('YYYY-MM-DD HH:mm')}</Table.Td>
                      <Table.Td>
                        {factor.lastUsedAt
                          ? dayjs(factor.lastUsedAt).format('YYYY-MM-DD HH:mm')
                          : t('common.never')}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button variant="subtle" color="red" size="xs" onClick={() => confirmRemove(factor)}>
                          {t('account.remove')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Title order={4}>{t('account.recoveryCodes')}</Title>
              {status.factors.length > 0 && (
                <Button variant="default" onClick={confirmRegenerate} loading={regenerate.isPending}>
                  {t('account.recoveryNew')}
                </Button>
              )}
            </Group>
            <Text size="sm">
              {status.factors.length > 0
                ? t('account.recoveryLeft', { count: status.recoveryCodesLeft })
                : t('account.recoveryNone')}
            </Text>
          </Paper>
          <TotpSetupModal opened={settingUp} onClose={() => setSettingUp(false)} />
          <Modal
            opened={codes !== undefined}
            onClose={() => setCodes(undefined)}
            title={t('account.recoveryShown')}
          >
            {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />}
          </Modal>
        </Stack>
      )}
    </QueryState>
  );
};
