import { Button, Card, Group, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { DeviceNode } from '@rmm/domain';
import { IconBan, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApprovalBadge } from '../../../components/approval-badge.tsx';
import { useUpdateDeviceMutation } from '../queries.ts';

/** Approve or reject the device; rejecting disconnects its agent, so it asks first. */
export const DeviceApprovalCard = ({ device, canApprove }: { device: DeviceNode; canApprove: boolean }) => {
  const { t } = useTranslation();
  const update = useUpdateDeviceMutation(device.id);
  const setApproval = (approvalStatus: 'APPROVED' | 'REJECTED') =>
    update.mutate(
      { approvalStatus },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t(`devices.approval.done.${approvalStatus}`) }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  const confirmReject = () =>
    modals.openConfirmModal({
      title: t('devices.approval.rejectTitle', { name: device.displayName }),
      children: <Text size="sm">{t('devices.approval.rejectBody')}</Text>,
      labels: { confirm: t('devices.approval.reject'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => setApproval('REJECTED'),
    });

  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {t('devices.approval.title')}
        </Title>
        <ApprovalBadge status={device.approvalStatus} />
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t(`devices.approval.explain.${device.approvalStatus}`)}
      </Text>
      <Group>
        {device.approvalStatus !== 'APPROVED' && (
          <Button
            color="green"
            leftSection={<IconCircleCheck size={16} />}
            disabled={!canApprove}
            loading={update.isPending && update.variables?.approvalStatus === 'APPROVED'}
            onClick={() => setApproval('APPROVED')}
          >
            {t('devices.approval.approve')}
          </Button>
        )}
        {device.approvalStatus !== 'REJECTED' && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} />}
            disabled={!canApprove}
            loading={update.isPending && update.variables?.approvalStatus === 'REJECTED'}
            onClick={confirmReject}
          >
            {t('devices.approval.reject')}
          </Button>
        )}
      </Group>
    </Card>
  );
};
