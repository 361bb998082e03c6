import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type PsaAccountMappingRow, psaFailureMessages } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  usePsaAgreementsQuery,
  usePsaConfigurationTypeMappingsQuery,
  usePsaProductMappingsQuery,
  useSavePsaMappingMutation,
} from '../queries.ts';
import { failureText } from './failure-text.ts';
import { type MappingForm, saveRequestOf, withLocation } from './mapping-form.ts';

/**
 * The location mappings dialog: each location's agreement and its own product and configuration-type mappings
 * (the organization's default when none: CLIENT_DEFAULT).
 */
export const LocationMappingsDialog = ({
  mapping,
  onClose,
}: {
  mapping: PsaAccountMappingRow;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form, setForm] = useState<MappingForm>(mapping);
  const agreements = usePsaAgreementsQuery(mapping.companyId);
  const products = usePsaProductMappingsQuery();
  const configurationTypes = usePsaConfigurationTypeMappingsQuery();
  const save = useSavePsaMappingMutation();
  const defaultLabel = t('psa.locations.clientDefault');
  const agreementOptions = (agreements.data?.agreementList ?? []).map((a) => ({
    value: String(a.id),
    label: a.name,
  }));
  const productOptions = (products.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));
  const typeOptions = (configurationTypes.data?.data ?? []).map((m) => ({
    value: String(m.id),
    label: m.name,
  }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { clientId: mapping.clientId, body: saveRequestOf(form) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('psa.mappings.saved', { name: mapping.clientName }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('psa.locations.title', { name: mapping.clientName })} size="xl">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {agreements.isError && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                title={psaFailureMessages.agreements}
                role="alert"
              >
                {failureText(agreements.error, psaFailureMessages.agreements)}
              </Alert>
            )}
            {form.locationSiteMappings.length === 0 && <Text size="sm">{t('psa.dialog.noLocations')}</Text>}
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('psa.dialog.location')}</Table.Th>
                    <Table.Th>{t('psa.locations.agreementColumn')}</Table.Th>
                    <Table.Th>{t('psa.mappings.column.product')}</Table.Th>
                    <Table.Th>{t('psa.mappings.column.configurationType')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {form.locationSiteMappings.map((location) => (
                    <Table.Tr key={location.locationId}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {location.locationName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {location.psaSiteName ?? t('psa.mappings.notMapped')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('psa.locations.agreement', { location: location.locationName })}
                          data={agreementOptions}
                          value={location.agreementId === null ? null : String(location.agreementId)}
                          clearable
                          disabled={agreements.isPending}
                          onChange={(value) => {
                            const agreement = agreements.data?.agreementList.find(
                              (a) => String(a.id) === value,
                            );
                            setForm(
                              withLocation(form, location.locationId, {
                                agreementId: agreement?.id ?? null,
                                agreementName: agreement?.name ?? null,
                              }),
                            );
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Select
                            aria-label={t('psa.locations.product', { location: location.locationName })}
                            data={productOptions.filter((o) => o.value !== String(form.productMappingId))}
                            value={
                              location.productMappingId === null ? null : String(location.productMappingId)
                            }
                            placeholder={
                              form.productMappingName
                                ? `${defaultLabel}: ${form.productMappingName}`
                                : defaultLabel
                            }
                            clearable
                            onChange={(value) =>
                              setForm(
                                withLocation(form, location.locationId, {
                                  productMappingId: value === null ? null : Number(value),
                                }),
                              )
                            }
                          />
                          <Badge
                            variant="light"
                            color={location.productMappingType === 'CUSTOM' ? 'blue' : 'gray'}
                          >
                            {t(`psa.locations.type.${location.productMappingType}`)}
                          </Badge>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('psa.locations.configurationType', {
                            location: location.locationName,
                          })}
                          data={typeOptions.filter(
                            (o) => o.value !== String(form.configurationTypeMappingId),
                          )}
                          value={
                            location.configurationTypeMappingId === null
                              ? null
                              : String(location.configurationTypeMappingId)
                          }
                          placeholder={
                            form.configurationTypeMappingName
                              ? `${defaultLabel}: ${form.configurationTypeMappingName}`
                              : defaultLabel
                          }
                          clearable
                          onChange={(value) =>
                            setForm(
                              withLocation(form, location.locationId, {
                                configurationTypeMappingId: value === null ? null : Number(value),
                              }),
                            )
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {save.isError && (
              <Alert color="red" role="alert">
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
        </fieldset>
      </form>
    </Modal>
  );
};
