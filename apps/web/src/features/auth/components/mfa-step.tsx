import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { messages, type SmsSentResponse } from '@rmm/domain';
import { startAuthentication } from '@simplewebauthn/browser';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaCodeInput } from '../../../components/inputs/mfa-code-input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { authApi } from '../api.ts';
import { useVerifyMutation } from '../queries.ts';

/** The factors in the order offered: the strongest first, recovery codes last. */
const order = ['U2F_TOKEN', 'TOTP', 'SMS_OTP', 'DUO', 'RECOVERY_CODE'] as const;
type Factor = (typeof order)[number];

/** How often a pending Duo push is asked about: within the sign-in rate limit (LOGIN_RATE_PER_MINUTE, 20). */
const DUO_POLL_MS = 5000;

type Props = { onDone: () => void };

/** Authenticator app or text message: a 6-digit code, checked on blur, sent at the sixth digit. */
const CodeFactor = ({ type, onDone }: Props & { type: 'TOTP' | 'SMS_OTP' }) => {
  const { t } = useTranslation();
  const verify = useVerifyMutation();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<SmsSentResponse>();
  const [sendError, setSendError] = useState<string>();
  const [isSending, setSending] = useState(false);
  const send = async (value: string) => {
    const done = await verify.mutateAsync({ type, code: value }).catch(() => undefined);
    if (done) onDone();
    else setCode('');
  };
  const textMe = async () => {
    setSending(true);
    setSendError(undefined);
    await authApi
      .sendSmsCode()
      .then(setSent)
      .catch((error: Error) => setSendError(error.message))
      .finally(() => setSending(false));
  };
  const error = verify.error?.message ?? sendError;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send(code);
      }}
    >
      <Stack>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        {type === 'SMS_OTP' && (
          <Group justify="space-between">
            <Text size="sm">
              {sent ? t('auth.mfa.smsSent', { phone: sent.sentTo }) : t('auth.mfa.smsIntro')}
            </Text>
            <Button
              variant={sent ? 'subtle' : 'filled'}
              size="xs"
              loading={isSending}
              onClick={() => void textMe()}
            >
              {sent ? t('auth.mfa.smsAgain') : t('auth.mfa.smsSend')}
            </Button>
          </Group>
        )}
        {(type === 'TOTP' || sent) && (
          <>
            <MfaCodeInput
              label={t('auth.mfa.code')}
              required
              autoFocus
              value={code}
              onChange={setCode}
              onComplete={(complete) => void send(complete)}
              disabled={verify.isPending}
            />
            <Button type="submit" loading={verify.isPending}>
              {t('auth.mfa.verify')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
};

const RecoveryFactor = ({ onDone }: Props) => {
  const { t } = useTranslation();
  const verify = useVerifyMutation();
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (await verify.mutateAsync({ type: 'RECOVERY_CODE', code }).catch(() => undefined)) onDone();
      }}
    >
      <Stack>
        {verify.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {verify.error.message}
          </Alert>
        )}
        <TextInput
          label={t('auth.mfa.recoveryCode')}
          placeholder="abcd-efgh-jk"
          autoComplete="off"
          autoFocus
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          disabled={verify.isPending}
        />
        <Button type="submit" loading={verify.isPending}>
          {t('auth.mfa.verify')}
        </Button>
      </Stack>
    </form>
  );
};

/** A security key (WebAuthn): the browser asks the key; a failure or a cancel offers a retry (spec §8). */
const SecurityKeyFactor = ({ onDone }: Props) => {
  const { t } = useTranslation();
  const verify = useVerifyMutation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    try {
      const optionsJSON = await authApi.securityKeyOptions();
      const answer = await startAuthentication({ optionsJSON: optionsJSON as never });
      await verify.mutateAsync({ type: 'U2F_TOKEN', code: JSON.stringify(answer) });
      onDone();
    } catch {
      setState('failed');
    }
  };
  return (
    <Stack>
      {state === 'failed' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {messages.mfa.hardwareFailed}
        </Alert>
      )}
      <Text size="sm">{t('auth.mfa.keyIntro')}</Text>
      <Button leftSection={<IconKey size={16} />} loading={state === 'busy'} onClick={() => void run()}>
        {state === 'failed' ? t('common.retry') : t('auth.mfa.keyUse')}
      </Button>
    </Stack>
  );
};

/** Duo: a push, then "Waiting on Duo verification" (spec §8) while the user answers on their phone. */
const DuoFactor = ({ onDone }: Props) => {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'waiting' | 'failed'>('idle');
  const [error, setError] = useState<string>();
  const verify = useVerifyMutation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const poll = async (txid: string) => {
    try {
      await verify.mutateAsync({ type: 'DUO', code: txid });
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'DUO_PENDING') {
        timer.current = setTimeout(() => void poll(txid), DUO_POLL_MS);
        return;
      }
      setError((caught as Error).message);
      setState('failed');
    }
  };
  const push = async () => {
    setError(undefined);
    setState('waiting');
    try {
      const { txid } = await authApi.duoPush();
      await poll(txid);
    } catch (caught) {
      setError((caught as Error).message);
      setState('failed');
    }
  };
  return (
    <Stack>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      {state === 'waiting' ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{messages.mfa.duoPending}</Text>
        </Group>
      ) : (
        <Button onClick={() => void push()}>
          {state === 'failed' ? t('common.retry') : t('auth.mfa.duoPush')}
        </Button>
      )}
    </Stack>
  );
};

/**
 * The MFA code entry panel (spec §2): after the password, one of the user's second factors, with a
 * chooser when they have several.
 */
export const MfaStep = ({
  types,
  onDone,
  onBack,
}: {
  types: readonly string[];
  onDone: () => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const offered = order.filter((type) => types.includes(type));
  const [type, setType] = useState<Factor>(offered[0] ?? 'TOTP');
  return (
    <Stack>
      <div>
        <Title order={2}>{t('auth.mfa.title')}</Title>
        <Text c="dimmed" size="sm">
          {t(`auth.mfa.intro.${type}`)}
        </Text>
      </div>
      {offered.length > 1 && (
        <SegmentedControl
          aria-label={t('auth.mfa.useOther')}
          orientation={offered.length > 2 ? 'vertical' : 'horizontal'}
          fullWidth
          value={type}
          onChange={(value) => setType(value as Factor)}
          data={offered.map((value) => ({ value, label: t(`auth.mfa.type.${value}`) }))}
        />
      )}
      {(type === 'TOTP' || type === 'SMS_OTP') && <CodeFactor key={type} type={type} onDone={onDone} />}
      {type === 'RECOVERY_CODE' && <RecoveryFactor onDone={onDone} />}
      {type === 'U2F_TOKEN' && <SecurityKeyFactor onDone={onDone} />}
      {type === 'DUO' && <DuoFactor onDone={onDone} />}
      <Group justify="center">
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('auth.mfa.back')}
        </Anchor>
      </Group>
    </Stack>
  );
};
