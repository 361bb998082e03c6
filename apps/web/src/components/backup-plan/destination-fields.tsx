import { Alert, Radio, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type BackupDestinationType, backupDestinationTypes, credentialKindLabels } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOrganizationCredentialsQuery } from '../../lib/credentials.ts';
import type { DestinationKind, PlanFormValues } from './plan-form.ts';

type Form = UseFormReturnType<PlanFormValues>;

const ShareFields = ({ form, organizationId }: { form: Form; organizationId: number }) => {
  const { t } = useTranslation();
  const credentials = useOrganizationCredentialsQuery(organizationId);
  return (
    <>
      <TextInput
        label={t('backupPlan.sharePath')}
        description={t('backupPlan.sharePathHint')}
        placeholder="\\\\server\\share\\backups"
        withAsterisk
        ff="monospace"
        {...form.getInputProps('sharePath')}
      />
      <Select
        label={t('backupPlan.credential')}
        description={t('backupPlan.credentialHint')}
        withAsterisk
        data={(credentials.data ?? []).map((credential) => ({
          value: String(credential.id),
          label: `${credential.name} (${credentialKindLabels[credential.kind]}, ${credential.domain ? `${credential.domain}\\` : ''}${credential.username})`,
        }))}
        value={form.values.credentialId === null ? null : String(form.values.credentialId)}
        onChange={(value) => form.setFieldValue('credentialId', value === null ? null : Number(value))}
        error={
          form.errors.credentialId ?? (credentials.isError ? t('spec.credentials.loadError') : undefined)
        }
        nothingFoundMessage={t('backupPlan.noCredentials')}
      />
      {credentials.isSuccess && credentials.data.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('backupPlan.noCredentials')}
        </Text>
      )}
    </>
  );
};

const LocalFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('backupPlan.localPath')}
      description={t('backupPlan.localPathHint')}
      placeholder="/var/backups"
      withAsterisk
      ff="monospace"
      {...form.getInputProps('localPath')}
    />
  );
};

/**
 * Where revisions go: the server's store (CLOUD), a folder on each device (LOCAL), a network share with an
 * organization credential, or HYBRID (a folder or share first, then upsynced to the cloud); `types` narrows
 * the choice (a policy's plan: CLOUD and LOCAL). The cloud choices are off while the server's store is.
 */
export const DestinationFields = ({
  form,
  organizationId,
  types = backupDestinationTypes,
  isCloudOff = false,
}: {
  form: Form;
  /** The organization whose credentials open a share (shares are offered only with it). */
  organizationId?: number;
  types?: readonly BackupDestinationType[];
  isCloudOff?: boolean;
}) => {
  const { t } = useTranslation();
  const type = form.values.destinationType;
  const localType = type === 'HYBRID' ? form.values.hybridLocal : type;
  return (
    <Stack>
      <div>
        <Text size="sm" fw={500} id="backup-destination-label">
          {t('backupPlan.destination')}
        </Text>
        <SegmentedControl
          mt={4}
          aria-labelledby="backup-destination-label"
          value={type}
          onChange={(value) => form.setFieldValue('destinationType', value as DestinationKind)}
          data={types.map((value) => ({
            value,
            label: t(`backupPlan.destination.${value}`),
            disabled: isCloudOff && (value === 'CLOUD' || value === 'HYBRID') && value !== type,
          }))}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t(`backupPlan.destination.hint.${type}`)}
        </Text>
        {form.errors.destinationType && (
          <Text size="xs" c="red" mt={4} role="alert">
            {form.errors.destinationType}
          </Text>
        )}
      </div>
      {isCloudOff && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} p="xs">
          {t('backupPlan.cloudOff')}
        </Alert>
      )}
      {type === 'HYBRID' && (
        <Radio.Group
          label={t('backupPlan.hybridLocal')}
          value={form.values.hybridLocal}
          onChange={(value) => form.setFieldValue('hybridLocal', value as 'LOCAL' | 'NETWORK_SHARE')}
        >
          <Stack gap={6} mt={4}>
            <Radio value="LOCAL" label={t('backupPlan.destination.LOCAL')} />
            <Radio value="NETWORK_SHARE" label={t('backupPlan.destination.NETWORK_SHARE')} />
          </Stack>
        </Radio.Group>
      )}
      {localType === 'LOCAL' && <LocalFields form={form} />}
      {localType === 'NETWORK_SHARE' && organizationId !== undefined && (
        <ShareFields form={form} organizationId={organizationId} />
      )}
    </Stack>
  );
};
