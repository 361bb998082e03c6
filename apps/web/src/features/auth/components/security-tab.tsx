import { Alert, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { MfaFactor, TotpSetupResponse } from '@rmm/domain';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaCodeInput } from '../../../components/inputs/mfa-code-input.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SecretValue } from '../../../components/secret-value.tsx';
import {
  useMfaStatusQuery,
  useRecoveryCodesMutation,
  useRemoveFactorMutation,
  useTotpConfirmMutation,
  useTotpSetupMutation,
} from '../queries.ts';

/** The otpauth:// address drawn as a QR code on a canvas (no image URL, so the page's policy is unchanged). */
const QrCode = ({ value, label }: { value: string; label: string }) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, value, { width: 200, margin: 1 });
  }, [value]);
  return (
    <canvas ref={canvas} role="img" aria-label={label} style={{ borderRadius: 8, background: 'white' }} />
  );
};

const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
        {t('account.recoveryOnce')}
      </Alert>
      <SecretValue value={codes.join('\n')} copyLabel={t('account.copyCodes')} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('account.savedCodes')}
        </Button>
      </Group>
    </Stack>
  );
};

/** Setting up an authenticator app: scan, enter the first code, then keep the recovery codes. */
const TotpSetupModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const setup = useTotpSetupMutation();
  const confirm = useTotpConfirmMutation();
  const [secret, setSecret] = useState<TotpSetupResponse>();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const { mutate: start } = setup;

  useEffect(() => {
    if (opened) start(undefined, { onSuccess: setSecret });
  }, [opened, start]);

  const close = () => {
    onClose();
    setSecret(undefined);
    setCode('');
    setCodes(undefined);
    setup.reset();
    confirm.reset();
  };
  const send = async (value: string) => {
    const answer = await confirm.mutateAsync({ code: value }).catch(() => undefined);
    if (!answer) return setCode('');
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
        <Stack>
          {(setup.error || confirm.error) && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {(setup.error ?? confirm.error)?.message}
            </Alert>
          )}
          <Text size="sm">{t('account.totpScan')}</Text>
          {secret && (
            <>
              <Group justify="center">
                <QrCode value={secret.otpauthUrl} label={t('account.totpQr')} />
              </Group>
              <Text size="sm" c="dimmed">
                {t('account.totpManual')}
              </Text>
              <SecretValue value={secret.secret} copyLabel={t('common.copy')} />
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void send(code);
                }}
              >
                <Stack>
                  <MfaCodeInput
                    label={t('account.totpCode')}
                    required
                    data-autofocus
                    value={code}
                    onChange={setCode}
                    onComplete={(complete) => void send(complete)}
                    disabled={confirm.isPending}
                  />
                  <Group justify="flex-end">
                    <Button variant="default" onClick={close}>
                      {t('common.cancel')}
                    </Button>
                    <Button type="submit" loading={confirm.isPending}>
                      {t('account.totpConfirm')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </>
          )}
        </Stack>
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
