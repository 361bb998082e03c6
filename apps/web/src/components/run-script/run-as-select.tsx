import {
  Alert,
  type ComboboxItem,
  type ComboboxItemGroup,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type JobRunAs, messages, type ScriptOperatingSystem } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOrganizationCredentialsQuery } from '../../lib/credentials.ts';
import {
  credentialChoice,
  credentialsFor,
  describeRunAs,
  type RunAsChoice,
  runAsOptionsFor,
} from './run-as.ts';

export type RunAsSelectProps = {
  value: RunAsChoice;
  customUser: string;
  customUserError?: string;
  scriptDefault: JobRunAs;
  /** The devices' operating system when they share one: only the options that fit it are offered. */
  operatingSystem?: ScriptOperatingSystem;
  /** The devices' organization when they share one (its credentials are offered), else undefined. */
  organizationId?: number;
  /** The user may list credentials (credentials.view); without it only the options are offered. */
  canListCredentials: boolean;
  onChange: (value: RunAsChoice) => void;
  onCustomUserChange: (user: string) => void;
};

/**
 * Who the script runs as: the script's default, an option of spec §3, a credential of the devices'
 * organization (by name and kind; its secret never reaches the console) or another user's name.
 */
export const RunAsSelect = ({
  value,
  customUser,
  customUserError,
  scriptDefault,
  operatingSystem,
  organizationId,
  canListCredentials,
  onChange,
  onCustomUserChange,
}: RunAsSelectProps) => {
  const { t } = useTranslation();
  const credentialsQuery = useOrganizationCredentialsQuery(canListCredentials ? organizationId : undefined);
  // Spec §8: a failed load shows "Error loading credentials" and the list is empty.
  const allCredentials = credentialsQuery.data ?? [];
  const credentials = credentialsFor(allCredentials, operatingSystem);
  const groups: ComboboxItemGroup<ComboboxItem>[] = [
    {
      group: t('runScript.runAs.groupOptions'),
      items: [
        {
          value: 'DEFAULT',
          label: t('runScript.runAs.default', { runAs: describeRunAs(t, scriptDefault, allCredentials) }),
        },
        ...runAsOptionsFor(operatingSystem).map((option) => ({
          value: option,
          label: t(`runScript.runAs.option.${option}`),
        })),
      ],
    },
    ...(credentials.length > 0
      ? [
          {
            group: t('runScript.runAs.groupCredentials'),
            items: credentials.map((credential) => ({
              value: credentialChoice(credential.id),
              label: describeRunAs(t, { credentialId: credential.id }, credentials),
            })),
          },
        ]
      : []),
    {
      group: t('runScript.runAs.groupOther'),
      items: [{ value: 'CUSTOM', label: t('runScript.runAs.custom') }],
    },
  ];
  return (
    <Stack gap="xs">
      <Select
        label={t('runScript.runAs.label')}
        data={groups}
        value={value}
        allowDeselect={false}
        onChange={(next) => next && onChange(next as RunAsChoice)}
      />
      {value === 'CUSTOM' && (
        <TextInput
          label={t('runScript.runAs.customUser')}
          description={t('runScript.runAs.customHint')}
          required
          value={customUser}
          error={customUserError}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => onCustomUserChange(event.currentTarget.value)}
        />
      )}
      {credentialsQuery.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
          {messages.credentials.loadError}
        </Alert>
      )}
      {canListCredentials && organizationId === undefined && (
        <Text size="xs" c="dimmed">
          {t('runScript.runAs.oneOrganization')}
        </Text>
      )}
    </Stack>
  );
};
