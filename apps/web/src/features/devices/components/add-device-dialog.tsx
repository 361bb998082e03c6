import { Alert, Button, type ButtonProps, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CreateEnrollmentTokenResponse } from '@rmm/domain';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateEnrollmentTokenMutation } from '../queries.ts';
import { AddDeviceForm } from './add-device-form.tsx';
import { EnrollmentResult } from './enrollment-result.tsx';

/**
 * "Add device": the button and its dialog. Pick the organization and location, get a one-line
 * command with a fresh enrolment token; the device appears on its own once the agent connects.
 */
export const AddDeviceDialog = ({
  organizationId = null,
  locationId = null,
  ...buttonProps
}: { organizationId?: number | null; locationId?: number | null } & ButtonProps) => {
  const { t } = useTranslation();
  const [isOpen, modal] = useDisclosure(false);
  const [created, setCreated] = useState<CreateEnrollmentTokenResponse | null>(null);
  const create = useCreateEnrollmentTokenMutation();
  const close = () => {
    modal.close();
    setCreated(null);
    create.reset();
  };

  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={modal.open} {...buttonProps}>
        {t('devices.add.button')}
      </Button>
      <Modal opened={isOpen} onClose={close} title={t('devices.add.title')} size="xl">
        {create.error && (
          <Alert color="red" mb="md" icon={<IconAlertCircle size={18} />} role="alert">
            {create.error.message}
          </Alert>
        )}
        {created ? (
          <EnrollmentResult created={created} server={window.location.origin} onDone={close} />
        ) : (
          <AddDeviceForm
            initialValues={{ organizationId, locationId, ttlHours: 24 }}
            isSubmitting={create.isPending}
            onSubmit={(body) => create.mutate(body, { onSuccess: setCreated })}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
};
