import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';

/** The server caps a page at 500: enough organizations for one picker. */
const ORGANIZATION_PAGE_SIZE = 500;

/** Picks an organization, then one of its locations; devices of other organizations are skipped. */
export const MoveToLocationDialog = ({
  isOpen,
  isSubmitting,
  error,
  onClose,
  onMove,
}: {
  isOpen: boolean;
  isSubmitting: boolean;
  error?: string;
  onClose: () => void;
  onMove: (locationId: number) => void;
}) => {
  const { t } = useTranslation();
  const organizations = useOrganizationsQuery({ page: 1, pageSize: ORGANIZATION_PAGE_SIZE, sort: 'name' });
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const organization = organizations.data?.data.find((org) => String(org.id) === organizationId);

  return (
    <Modal opened={isOpen} onClose={onClose} title={t('deviceSearch.moveTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (locationId) onMove(Number(locationId));
        }}
      >
        <fieldset disabled={isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {error && (
              <Alert color="red" role="alert" py="xs">
                {error}
              </Alert>
            )}
            <Select
              label={t('devices.add.organization')}
              withAsterisk
              searchable
              nothingFoundMessage={t('common.noResults')}
              placeholder={organizations.isPending ? t('app.loading') : t('devices.add.pickOrganization')}
              data={(organizations.data?.data ?? []).map((org) => ({
                value: String(org.id),
                label: org.name,
              }))}
              value={organizationId}
              onChange={(value) => {
                setOrganizationId(value);
                setLocationId(null);
              }}
              error={organizations.error?.message}
            />
            <Select
              label={t('devices.add.location')}
              withAsterisk
              disabled={!organization || organization.locations.length === 0}
              data={(organization?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
              value={locationId}
              onChange={setLocationId}
            />
            {organization && organization.locations.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('organizations.noLocations')}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('deviceSearch.skippedExplain')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!locationId} loading={isSubmitting}>
                {t('deviceSearch.move')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
