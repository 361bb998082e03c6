import { Alert, Stack, Text, Title } from '@mantine/core';
import type { TotpConfirmResponse } from '@rmm/domain';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReloadSession } from '../queries.ts';
import { RecoveryCodes, TotpSetupForm } from './totp-setup.tsx';

/**
 * The sign-in's enrolment (MFA required by the security settings, no factor yet): the password gave a
 * restricted session that may only set up an authenticator app. Its confirmation signs in (the server
 * sets the session cookie); the recovery codes are shown, then the console opens.
 */
export const EnrolmentStep = ({ onDone, onBack }: { onDone: () => void; onBack: () => void }) => {
  const { t } = useTranslation();
  const reloadSession = useReloadSession();
  const [codes, setCodes] = useState<string[]>();
  const finish = async () => {
    await reloadSession();
    onDone();
  };
  const confirmed = (answer: TotpConfirmResponse) => {
    if (answer.recoveryCodes.length > 0) setCodes(answer.recoveryCodes);
    else void finish();
  };

  return (
    <Stack>
      <div>
        <Title order={2}>{codes ? t('account.recoveryShown') : t('account.enrolTitle')}</Title>
      </div>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => void finish()} />
      ) : (
        <>
          <Alert color="blue" icon={<IconShieldLock size={18} />}>
            <Text size="sm">{t('account.enrolRequired')}</Text>
          </Alert>
          <TotpSetupForm onConfirmed={confirmed} onCancel={onBack} cancelLabel={t('account.enrolBack')} />
        </>
      )}
    </Stack>
  );
};
