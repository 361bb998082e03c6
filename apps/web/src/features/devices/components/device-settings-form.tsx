import { Alert, Button, Card, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type DeviceNode, type NodeRole, UpdateDeviceRequest } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useNodeRolesQuery } from '../../../lib/node-roles.ts';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { useUpdateDeviceMutation } from '../queries.ts';
import { DeviceOwnerSelect } from './device-owner-select.tsx';

type FormValues = {
  displayName: string;
  nodeRoleId: string | null;
  locationId: string | null;
  ownerUserId: string | null;
};

const formSchema = z.object({ displayName: UpdateDeviceRequest.shape.displayName.unwrap() });

const toFormValues = (device: DeviceNode): FormValues => ({
  displayName: device.displayName,
  nodeRoleId: device.nodeRoleId === null ? null : String(device.nodeRoleId),
  locationId: device.locationId === null ? null : String(device.locationId),
  ownerUserId: device.owner === null ? null : String(device.owner.id),
});

/** Roles grouped by the dashboard that shows their devices. */
const roleOptions = (roles: NodeRole[], groupLabel: (dashboard: string) => string) =>
  [...new Set(roles.map((role) => role.dashboard))].map((dashboard) => ({
    group: groupLabel(dashboard),
    items: roles
      .filter((role) => role.dashboard === dashboard)
      .map((role) => ({ value: String(role.id), label: role.name })),
  }));

/** Display name, role, location and owner; only the fields that changed are sent. */
export const DeviceSettingsForm = ({ device, canManage }: { device: DeviceNode; canManage: boolean }) => {
  const { t } = useTranslation();
  const roles = useNodeRolesQuery();
  const organization = useOrganizationQuery(device.organizationId);
  const update = useUpdateDeviceMutation(device.id);
  const form = useForm<FormValues>({
    initialValues: toFormValues(device),
    validate: zod4Resolver(formSchema),
  });

  const submit = form.onSubmit(async (values) => {
    const body: UpdateDeviceRequest = {};
    if (values.displayName.trim() !== device.displayName) body.displayName = values.displayName.trim();
    if (values.nodeRoleId && Number(values.nodeRoleId) !== device.nodeRoleId)
      body.nodeRoleId = Number(values.nodeRoleId);
    const locationId = values.locationId === null ? null : Number(values.locationId);
    if (locationId !== device.locationId) body.locationId = locationId;
    const ownerUserId = values.ownerUserId === null ? null : Number(values.ownerUserId);
    if (ownerUserId !== (device.owner?.id ?? null)) body.ownerUserId = ownerUserId;
    if (Object.keys(body).length === 0) return;
    const saved = await update.mutateAsync(body).catch(() => undefined);
    if (!saved) return;
    notifications.show({ color: 'green', message: t('devices.settings.saved') });
    form.setInitialValues(toFormValues(saved));
    form.reset();
  });

  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        {t('devices.settings.general')}
      </Title>
      <form onSubmit={submit}>
        <fieldset disabled={!canManage || update.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack maw={520}>
            {update.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {update.error.message}
              </Alert>
            )}
            <TextInput label={t('devices.displayName')} withAsterisk {...form.getInputProps('displayName')} />
            <Select
              label={t('devices.role')}
              allowDeselect={false}
              searchable
              placeholder={roles.isPending ? t('app.loading') : undefined}
              error={roles.error?.message}
              data={roleOptions(roles.data ?? [], (dashboard) => t(`devices.roleGroup.${dashboard}`))}
              {...form.getInputProps('nodeRoleId')}
            />
            <Select
              label={t('devices.location')}
              placeholder={t('devices.noLocation')}
              clearable
              error={organization.error?.message}
              data={(organization.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
              {...form.getInputProps('locationId')}
            />
            <DeviceOwnerSelect
              deviceId={device.id}
              owner={device.owner}
              value={form.values.ownerUserId}
              onChange={(ownerUserId) => form.setFieldValue('ownerUserId', ownerUserId)}
            />
            <Group>
              <Button type="submit" loading={update.isPending} disabled={!canManage || !form.isDirty()}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Card>
  );
};
