import {
  Alert,
  Button,
  Chip,
  Group,
  Input,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type BackupThrottle,
  type BackupThrottleLevel,
  backupThrottleLevels,
  localTimeZone,
  type WeekDay,
  weekDays,
} from '@rmm/domain';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { TimeZoneSelect } from '../../../components/inputs/time-zone-select.tsx';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { formatRate } from '../backup-format.ts';
import { useDeleteThrottleMutation, useSaveThrottleMutation, useThrottlesQuery } from '../queries.ts';
import {
  MIN_RATE_KIB,
  type ThrottleFormValues,
  toThrottleFormValues,
  toThrottleRequest,
  validateThrottleForm,
} from '../throttle-form.ts';
import { OrganizationDeviceSelect } from './organization-device-select.tsx';

const RateInput = ({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: number | '';
  error?: string;
  onChange: (value: number | '') => void;
}) => {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={label}
      description={
        value === ''
          ? t('backup.throttle.noLimit')
          : t('backup.throttle.equals', { rate: formatRate(Number(value) * 1024) })
      }
      placeholder={t('backup.throttle.noLimit')}
      min={MIN_RATE_KIB}
      allowDecimal={false}
      allowNegative={false}
      suffix=" KiB/s"
      value={value}
      error={error}
      onChange={(next) => onChange(next === '' ? '' : Number(next))}
    />
  );
};

const ThrottleDialog = ({
  organizationId,
  throttle,
  onClose,
}: {
  organizationId: number;
  throttle?: BackupThrottle;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const organization = useOrganizationQuery(organizationId);
  const save = useSaveThrottleMutation(organizationId);
  const form = useForm<ThrottleFormValues>({
    initialValues: toThrottleFormValues(throttle, localTimeZone()),
    validate: (values) =>
      validateThrottleForm(values, { targetRequired: t('backup.throttle.targetRequired') }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(toThrottleRequest(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('backup.throttle.saved') });
        onClose();
      },
    }),
  );
  const level = form.values.level;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(throttle ? 'backup.throttle.editTitle' : 'backup.throttle.newTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t('backup.throttle.level')}
            allowDeselect={false}
            disabled={throttle !== undefined}
            data={backupThrottleLevels.map((value) => ({
              value,
              label: t(`backup.throttle.levels.${value}`),
            }))}
            value={level}
            onChange={(value) => {
              form.setFieldValue('level', value as BackupThrottleLevel);
              form.setFieldValue('targetId', null);
            }}
          />
          {level === 'LOCATION' && (
            <Select
              label={t('backup.throttle.location')}
              withAsterisk
              disabled={throttle !== undefined}
              data={(organization.data?.locations ?? []).map((location) => ({
                value: String(location.id),
                label: location.name,
              }))}
              value={form.values.targetId === null ? null : String(form.values.targetId)}
              onChange={(value) => form.setFieldValue('targetId', value === null ? null : Number(value))}
              error={form.errors.targetId}
            />
          )}
          {level === 'DEVICE' && throttle === undefined && (
            <OrganizationDeviceSelect
              organizationId={organizationId}
              label={t('backup.throttle.device')}
              value={form.values.targetId}
              onChange={(id) => form.setFieldValue('targetId', id)}
              error={form.errors.targetId as string | undefined}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <RateInput
              label={t('backup.throttle.workHoursRate')}
              value={form.values.workHoursKib}
              error={form.errors.workHoursKib as string | undefined}
              onChange={(value) => form.setFieldValue('workHoursKib', value)}
            />
            <RateInput
              label={t('backup.throttle.offHoursRate')}
              value={form.values.offHoursKib}
              error={form.errors.offHoursKib as string | undefined}
              onChange={(value) => form.setFieldValue('offHoursKib', value)}
            />
          </SimpleGrid>
          <Input.Wrapper label={t('backup.throttle.workDays')} error={form.errors.weekDays}>
            <Chip.Group
              multiple
              value={form.values.weekDays}
              onChange={(days) => form.setFieldValue('weekDays', days as WeekDay[])}
            >
              <Group gap="xs" mt={4} role="group" aria-label={t('backup.throttle.workDays')}>
                {weekDays.map((day) => (
                  <Chip key={day} value={day} size="sm" aria-label={t(`backup.weekDay.${day}`)}>
                    {t(`backup.weekDayShort.${day}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput type="time" label={t('backup.throttle.start')} {...form.getInputProps('start')} />
            <TextInput type="time" label={t('backup.throttle.end')} {...form.getInputProps('end')} />
            <TimeZoneSelect
              label={t('backup.schedule.timeZone')}
              value={form.values.timeZone}
              error={form.errors.timeZone}
              onChange={(zone) => zone && form.setFieldValue('timeZone', zone)}
            />
          </SimpleGrid>
          {save.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/**
 * The organization's bandwidth throttles (organization, location, device; the most specific applies): a
 * limit during work hours and one outside them, and the work-hours window.
 */
export const Throttles = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('backup.viewAndManage');
  const query = useThrottlesQuery(organizationId);
  const remove = useDeleteThrottleMutation(organizationId);
  const [editing, setEditing] = useState<BackupThrottle | 'new'>();
  const rate = (value: number | null) => (value === null ? t('backup.throttle.noLimit') : formatRate(value));
  const confirmDelete = (throttle: BackupThrottle) =>
    modals.openConfirmModal({
      title: t('backup.throttle.deleteTitle', { name: throttle.targetName }),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(throttle.id, {
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <Paper withBorder>
      <Group justify="space-between" p="sm">
        <Stack gap={2}>
          <Text fw={600}>{t('backup.throttle.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('backup.throttle.explain')}
          </Text>
        </Stack>
        {canManage && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
            {t('backup.throttle.new')}
          </Button>
        )}
      </Group>
      {query.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} m="sm" role="alert">
          {query.error.message}
        </Alert>
      )}
      {query.isSuccess && query.data.length === 0 ? (
        <Text p="md" c="dimmed">
          {t('backup.throttle.empty')}
        </Text>
      ) : (
        <Table verticalSpacing="sm" aria-label={t('backup.throttle.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backup.throttle.appliesTo')}</Table.Th>
              <Table.Th>{t('backup.throttle.workHoursRate')}</Table.Th>
              <Table.Th>{t('backup.throttle.offHoursRate')}</Table.Th>
              <Table.Th>{t('backup.throttle.window')}</Table.Th>
              <Table.Th aria-label={t('backup.plans.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(query.data ?? []).map((throttle) => (
              <Table.Tr key={throttle.id}>
                <Table.Td>
                  {t(`backup.throttle.levels.${throttle.level}`)}: {throttle.targetName}
                </Table.Td>
                <Table.Td>{rate(throttle.workHoursBytesPerSecond)}</Table.Td>
                <Table.Td>{rate(throttle.offHoursBytesPerSecond)}</Table.Td>
                <Table.Td>
                  {throttle.workHours.weekDays.map((day) => t(`backup.weekDayShort.${day}`)).join(', ')}{' '}
                  {throttle.workHours.start}–{throttle.workHours.end} ({throttle.workHours.timeZone})
                </Table.Td>
                <Table.Td>
                  {canManage && (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setEditing(throttle)}>
                        {t('common.edit')}
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => confirmDelete(throttle)}>
                        {t('common.delete')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <ThrottleDialog
          organizationId={organizationId}
          throttle={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Paper>
  );
};
