import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';
import {
  checkMaintenanceForm,
  type MaintenanceFormErrors,
  type MaintenanceFormValues,
  newMaintenanceValues,
} from '../maintenance-form.ts';
import { useCreateMaintenanceWindowMutation } from '../queries.ts';
import { OrganizationDeviceSelect } from './organization-device-select.tsx';

const OrganizationSelect = ({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  const organizations = useOrganizationsQuery({ page: 1, pageSize: 500, sort: 'name' });
  return (
    <Select
      label={t('maintenance.dialog.organization')}
      placeholder={t('maintenance.dialog.organizationPlaceholder')}
      withAsterisk
      searchable
      data={(organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      error={error ?? (organizations.isError ? organizations.error.message : undefined)}
    />
  );
};

/**
 * A new maintenance window: its name, organization (fixed on an organization's dashboard), devices (none: all of
 * them), start and end. Checked with the domain's schema before it is sent; the server's refusal shows above.
 */
export const MaintenanceDialog = ({
  organization,
  onClose,
}: {
  /** The organization of the dashboard the dialog opens on; on the system dashboard one is picked. */
  organization?: { id: number; name: string };
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const create = useCreateMaintenanceWindowMutation();
  const [values, setValues] = useState<MaintenanceFormValues>(() =>
    newMaintenanceValues(organization?.id ?? null),
  );
  const [isSubmitted, setSubmitted] = useState(false);
  const check = checkMaintenanceForm(values);
  // Each message shows once the user tried to create the window; then it follows what they change.
  const errorOf = (field: keyof MaintenanceFormErrors): string | undefined => {
    if (!isSubmitted || check.ok) return undefined;
    const key = check.keys[field];
    return key ? t(key) : translate(check.errors[field]);
  };
  const set = (changes: Partial<MaintenanceFormValues>) =>
    setValues((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) return;
    create.mutate(check.input, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('maintenance.created') });
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('maintenance.dialog.title')} size="lg">
      <form onSubmit={submit} noValidate>
        <fieldset disabled={create.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {create.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {create.error.message}
              </Alert>
            )}
            <TextInput
              label={t('maintenance.dialog.name')}
              withAsterisk
              data-autofocus
              maxLength={200}
              value={values.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={errorOf('name')}
            />
            {organization ? (
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {t('maintenance.dialog.organization')}
                </Text>
                <Text size="sm">{organization.name}</Text>
              </Stack>
            ) : (
              <OrganizationSelect
                value={values.organizationId}
                onChange={(organizationId) => set({ organizationId, deviceIds: [] })}
                error={errorOf('organizationId')}
              />
            )}
            <OrganizationDeviceSelect
              organizationId={values.organizationId}
              value={values.deviceIds}
              onChange={(deviceIds) => set({ deviceIds })}
              error={errorOf('deviceIds')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="datetime-local"
                label={t('maintenance.dialog.start')}
                description={t('maintenance.dialog.timeHint')}
                withAsterisk
                value={values.start}
                onChange={(event) => set({ start: event.currentTarget.value })}
                error={errorOf('start')}
              />
              <TextInput
                type="datetime-local"
                label={t('maintenance.dialog.end')}
                description={t('maintenance.dialog.timeHint')}
                withAsterisk
                value={values.end}
                min={values.start || undefined}
                onChange={(event) => set({ end: event.currentTarget.value })}
                error={errorOf('end')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('maintenance.dialog.create')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
