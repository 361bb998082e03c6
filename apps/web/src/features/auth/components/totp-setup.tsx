import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TotpConfirmResponse, TotpSetupResponse } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaCodeInput } from '../../../components/inputs/mfa-code-input.tsx';
import { SecretValue } from '../../../components/secret-value.tsx';
import { useTotpConfirmMutation, useTotpSetupMutation } from '../queries.ts';

/**
 * Setting up an authenticator app, shared by the account page's Security tab and the sign-in's
 * enrolment (MFA required by an administrator, no factor yet).
 */

/** The otpauth:// address drawn as a QR code on a canvas (no image URL, so the page's policy is unchanged). */
export const QrCode = ({ value, label }: { value: string; label: string }) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, value, { width: 200, margin: 1 });
  }, [value]);
  return (
    <canvas ref={canvas} role="img" aria-label={label} style={{ borderRadius: 8, background: 'white' }} />
  );
};

export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
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

/** Starts the set-up when shown: scan (or type the key), then enter the first code. */
export const TotpSetupForm = ({
  onConfirmed,
  onCancel,
  cancelLabel,
}: {
  onConfirmed: (answer: TotpConfirmResponse) => void;
  onCancel: () => void;
  cancelLabel?: string;
}) => {
  const { t } = useTranslation();
  const setup = useTotpSetupMutation();
  const confirm = useTotpConfirmMutation();
  const [secret, setSecret] = useState<TotpSetupResponse>();
  const [code, setCode] = useState('');
  const { mutate: start } = setup;

  useEffect(() => {
    start(undefined, { onSuccess: setSecret });
  }, [start]);

  const send = async (value: string) => {
    const answer = await confirm.mutateAsync({ code: value }).catch(() => undefined);
    if (!answer) return setCode('');
    onConfirmed(answer);
  };

  return (
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
                <Button variant="default" onClick={onCancel}>
                  {cancelLabel ?? t('common.cancel')}
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
  );
};
