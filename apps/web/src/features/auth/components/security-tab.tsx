import {
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type MfaFactor, messages, type TotpConfirmResponse } from '@rmm/domain';
import { startRegistration } from '@simplewebauthn/browser';
import { IconAlertCircle, IconChevronDown, IconShieldCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaCodeInput } from '../../../components/inputs/mfa-code-input.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { authApi } from '../api.ts';
import {
  useDuoEnableMutation,
  useMfaStatusQuery,
  useRecoveryCodesMutation,
  useRemoveFactorMutation,
  useSecurityKeyRegisterMutation,
  useSmsConfirmMutation,
  useSmsSetupMutation,
} from '../queries.ts';
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

/** Adding a security key: the browser asks the key to make a credential for this site. */
const SecurityKeyModal = ({
  opened,
  onClose,
  onCodes,
}: {
  opened: boolean;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) => {
  const { t } = useTranslation();
  const register = useSecurityKeyRegisterMutation();
  const [label, setLabel] = useState('Security key');
  const [failed, setFailed] = useState(false);
  const close = () => {
    onClose();
    setFailed(false);
    register.reset();
  };
  const run = async () => {
    setFailed(false);
    try {
      const optionsJSON = await authApi.securityKeyRegisterOptions();
      const response = await startRegistration({ optionsJSON: optionsJSON as never });
      const answer = await register.mutateAsync({
        response: response as never,
        label: label.trim() || 'Security key',
      });
      notifications.show({ color: 'green', message: t('account.keyAdded') });
      close();
      if (answer.recoveryCodes.length > 0) onCodes(answer.recoveryCodes);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('account.keyTitle')}>
      <Stack>
        {failed && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {register.error?.message ?? messages.mfa.hardwareFailed}
          </Alert>
        )}
        <Text size="sm">{t('account.keyIntro')}</Text>
        <TextInput
          label={t('account.factor.label')}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void run()} loading={register.isPending}>
            {failed ? t('common.retry') : t('account.keyAdd')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** Text messages: the phone gets a first code, which turns the factor on. */
const SmsModal = ({
  opened,
  onClose,
  onCodes,
}: {
  opened: boolean;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) => {
  const { t } = useTranslation();
  const setup = useSmsSetupMutation();
  const confirm = useSmsConfirmMutation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const close = () => {
    onClose();
    setPhone('');
    setCode('');
    setup.reset();
    confirm.reset();
  };
  const turnOn = async (value: string) => {
    const answer = await confirm.mutateAsync({ code: value }).catch(() => undefined);
    if (!answer) return setCode('');
    notifications.show({ color: 'green', message: t('account.smsEnabled') });
    close();
    if (answer.recoveryCodes.length > 0) onCodes(answer.recoveryCodes);
  };
  const error = (setup.error ?? confirm.error)?.message;
  return (
    <Modal opened={opened} onClose={close} title={t('account.smsTitle')}>
      <Stack>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        {setup.data ? (
          <>
            <Text size="sm">{t('auth.mfa.smsSent', { phone: setup.data.sentTo })}</Text>
            <MfaCodeInput
              label={t('auth.mfa.code')}
              required
              data-autofocus
              value={code}
              onChange={setCode}
              onComplete={(complete) => void turnOn(complete)}
              disabled={confirm.isPending}
            />
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setup.mutate({ phone });
            }}
          >
            <Stack>
              <TextInput
                label={t('account.smsPhone')}
                placeholder="+15551234567"
                description={t('account.smsPhoneHelp')}
                type="tel"
                data-autofocus
                value={phone}
                onChange={(event) => setPhone(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={setup.isPending}>
                  {t('auth.mfa.smsSend')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
};

/** One's own second factors and recovery codes (the account page's Security tab). */
export const SecurityTab = () => {
  const { t } = useTranslation();
  const query = useMfaStatusQuery();
  const remove = useRemoveFactorMutation();
  const regenerate = useRecoveryCodesMutation();
  const [settingUp, setSettingUp] = useState<'TOTP' | 'U2F_TOKEN' | 'SMS_OTP'>();
  const [codes, setCodes] = useState<string[]>();
  const duo = useDuoEnableMutation();
  const enableDuo = () =>
    duo.mutate(undefined, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: t('account.duoEnabled') });
        if (answer.recoveryCodes.length > 0) setCodes(answer.recoveryCodes);
      },
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
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
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button
                    leftSection={<IconShieldCheck size={16} />}
                    rightSection={<IconChevronDown size={14} />}
                    loading={duo.isPending}
                  >
                    {t('account.addFactor')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {!status.factors.some((f) => f.type === 'TOTP') && (
                    <Menu.Item onClick={() => setSettingUp('TOTP')}>{t('account.setupTotp')}</Menu.Item>
                  )}
                  <Menu.Item onClick={() => setSettingUp('U2F_TOKEN')}>{t('account.keyAdd')}</Menu.Item>
                  {!status.factors.some((f) => f.type === 'SMS_OTP') && (
                    <Menu.Item onClick={() => setSettingUp('SMS_OTP')}>{t('account.smsTitle')}</Menu.Item>
                  )}
                  {!status.factors.some((f) => f.type === 'DUO') && (
                    <Menu.Item onClick={enableDuo}>{t('account.duoEnable')}</Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
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
          <TotpSetupModal opened={settingUp === 'TOTP'} onClose={() => setSettingUp(undefined)} />
          <SecurityKeyModal
            opened={settingUp === 'U2F_TOKEN'}
            onClose={() => setSettingUp(undefined)}
            onCodes={setCodes}
          />
          <SmsModal
            opened={settingUp === 'SMS_OTP'}
            onClose={() => setSettingUp(undefined)}
            onCodes={setCodes}
          />
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
