import { Button, Group, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateEnrollmentTokenRequest } from '@rmm/domain';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';

export type AddDeviceFormValues = {
  organizationId: number | null;
  locationId: number | null;
  ttlHours: number;
};

/** Token lifetimes offered, in hours: an hour, a day, a week, a month. */
const ttlOptions = [1, 24, 168, 720] as const;
/** The server caps a page at 500: enough organizations for one picker. */
const ORGANIZATION_PAGE_SIZE = 500;

/** Organization (required), location (optional) and how long the token stays valid. */
export const AddDeviceForm = ({
  initialValues,
  isSubmitting,
  onSubmit,
  onCancel,
}: {
  initialValues: AddDeviceFormValues;
  isSubmitting: boolean;
  onSubmit: (values: CreateEnrollmentTokenRequest) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const organizations = useOrganizationsQuery({ page: 1, pageSize: ORGANIZATION_PAGE_SIZE, sort: 'name' });
  const schema = useMemo(
    () =>
      CreateEnrollmentTokenRequest.extend({
        organizationId: z
          .number({ error: t('spec.validation.mandatory') })
          .int()
          .positive(),
      }),
    [t],
  );
  const form = useForm<AddDeviceFormValues>({ initialValues, validate: zod4Resolver(schema) });
  const { organizationId, locationId, ttlHours } = form.getValues();
  const organization = organizations.data?.data.find((org) => org.id === organizationId);
  const toId = (value: string | null) => (value ? Number(value) : null);

  return (
    <form
      onSubmit={form.onSubmit(({ organizationId: id, ...rest }) =>
        onSubmit({ organizationId: id!, ...rest }),
      )}
    >
      <fieldset disabled={isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <Select
            label={t('devices.add.organization')}
            withAsterisk
            searchable
            nothingFoundMessage={t('common.noResults')}
            placeholder={organizations.isPending ? t('app.loading') : t('devices.add.pickOrganization')}
            data={(organizations.data?.data ?? []).map((org) => ({ value: String(org.id), label: org.name }))}
            value={organizationId === null ? null : String(organizationId)}
            onChange={(value) => {
              form.setFieldValue('organizationId', toId(value));
              form.setFieldValue('locationId', null);
            }}
            error={form.errors.organizationId ?? organizations.error?.message}
          />
          <Select
            label={t('devices.add.location')}
            placeholder={t('devices.noLocation')}
            clearable
            disabled={!organization || organization.locations.length === 0}
            data={(organization?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={locationId === null ? null : String(locationId)}
            onChange={(value) => form.setFieldValue('locationId', toId(value))}
          />
          <Select
            label={t('devices.add.ttl')}
            allowDeselect={false}
            data={ttlOptions.map((hours) => ({ value: String(hours), label: t(`devices.add.ttl.${hours}`) }))}
            value={String(ttlHours)}
            onChange={(value) => value && form.setFieldValue('ttlHours', Number(value))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('devices.add.createCommand')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
};
