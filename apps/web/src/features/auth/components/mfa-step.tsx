import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaCodeInput } from '../../../components/inputs/mfa-code-input.tsx';
import { useVerifyMutation } from '../queries.ts';

/** The second factors this panel can take today (security keys, SMS and Duo join as they are built). */
const supported = ['TOTP', 'RECOVERY_CODE'] as const;
type Supported = (typeof supported)[number];

/**
 * The MFA code entry panel (spec §2): after the password, a code of one of the user's factors. The
 * 6-digit field is checked on blur by the domain's rule and sends itself at the sixth digit.
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
  const offered = supported.filter((type) => types.includes(type));
  const [type, setType] = useState<Supported>(offered[0] ?? 'TOTP');
  const [code, setCode] = useState('');
  const verify = useVerifyMutation();

  const send = async (value: string) => {
    const done = await verify.mutateAsync({ type, code: value }).catch(() => undefined);
    if (done) onDone();
    else setCode('');
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send(code);
      }}
    >
      <Stack>
        <div>
          <Title order={2}>{t('auth.mfa.title')}</Title>
          <Text c="dimmed" size="sm">
            {t(`auth.mfa.intro.${type}`)}
          </Text>
        </div>
        {verify.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {verify.error.message}
          </Alert>
        )}
        {offered.length > 1 && (
          <SegmentedControl
            aria-label={t('auth.mfa.useOther')}
            value={type}
            onChange={(value) => {
              setType(value as Supported);
              setCode('');
              verify.reset();
            }}
            data={offered.map((value) => ({ value, label: t(`auth.mfa.type.${value}`) }))}
          />
        )}
        {type === 'TOTP' ? (
          <MfaCodeInput
            label={t('auth.mfa.code')}
            required
            autoFocus
            value={code}
            onChange={setCode}
            onComplete={(complete) => void send(complete)}
            disabled={verify.isPending}
          />
        ) : (
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
        )}
        <Button type="submit" loading={verify.isPending}>
          {t('auth.mfa.verify')}
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth.mfa.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
};
