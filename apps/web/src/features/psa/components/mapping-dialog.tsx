import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type PsaAccountMappingRow } from '@rmm/domain';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  usePsaCompaniesQuery,
  usePsaConfigurationTypeMappingsQuery,
  usePsaProductMappingsQuery,
  usePsaSitesQuery,
  useRefreshPsaSitesMutation,
  useSavePsaMappingMutation,
} from '../queries.ts';
import { failureText } from './failure-text.ts';
import {
  type MappingForm,
  saveRequestOf,
  withCompany,
  withDefaultConfigurationType,
  withDefaultProduct,
  withLocation,
} from './mapping-form.ts';

const Failure = ({ error, text }: { error: Error; text: string }) => (
  <Alert color="red" icon={<IconAlertCircle size={18} />} title={text} role="alert">
    {failureText(error, text)}
  </Alert>
);

/** The location-to-site part: one site per location, from the chosen company's sites (spec §7). */
const LocationSites = ({ form, onChange }: { form: MappingForm; onChange: (next: MappingForm) => void }) => {
  const { t } = useTranslation();
  const sites = usePsaSitesQuery(form.companyId);
  const refresh = useRefreshPsaSitesMutation();
  const options = (sites.data?.companySiteList ?? []).map((site) => ({
    value: String(site.id),
    label: site.name,
  }));
  if (form.locationSiteMappings.length === 0) return <Text size="sm">{t('psa.dialog.noLocations')}</Text>;
  if (form.companyId === null)
    return (
      <Text size="sm" c="dimmed">
        {t('psa.dialog.chooseCompany')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {sites.isError && <Failure error={sites.error} text={messages.psaMapping.fetchCompanySitesError} />}
      {refresh.isError && (
        <Failure error={refresh.error} text={messages.psaMapping.refreshCompanySitesError} />
      )}
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {form.locationSiteMappings.map((location) => (
            <Table.Tr key={location.locationId}>
              <Table.Td>
                <Text size="sm">{location.locationName}</Text>
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={t('psa.dialog.site', { location: location.locationName })}
                  data={options}
                  value={location.psaSiteId === null ? null : String(location.psaSiteId)}
                  clearable
                  searchable
                  disabled={sites.isPending}
                  onChange={(value) => {
                    const site = sites.data?.companySiteList.find((s) => String(s.id) === value);
                    onChange(
                      withLocation(form, location.locationId, {
                        psaSiteId: site?.id ?? null,
                        psaSiteName: site?.name ?? null,
                      }),
                    );
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Tooltip label={t('psa.dialog.refreshSites')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('psa.dialog.refreshSites')}
            loading={refresh.isPending}
            onClick={() => refresh.mutate(form.companyId!)}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
};

/** The company-to-client mapping dialog with location-to-site mapping (spec §2). */
export const MappingDialog = ({
  mapping,
  onClose,
}: {
  mapping: PsaAccountMappingRow;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form, setForm] = useState<MappingForm>(mapping);
  const companies = usePsaCompaniesQuery();
  const products = usePsaProductMappingsQuery();
  const configurationTypes = usePsaConfigurationTypeMappingsQuery();
  const save = useSavePsaMappingMutation();
  const companyOptions = (companies.data?.companyList ?? []).map((company) => ({
    value: String(company.id),
    label: company.name,
  }));
  // The mapped company stays choosable even when the criteria no longer list it.
  if (form.companyId !== null && !companyOptions.some((option) => option.value === String(form.companyId)))
    companyOptions.unshift({
      value: String(form.companyId),
      label: form.companyName ?? String(form.companyId),
    });
  const productList = (products.data?.data ?? []).map((m) => ({ id: m.id, name: m.name }));
  const typeList = (configurationTypes.data?.data ?? []).map((m) => ({ id: m.id, name: m.name }));
  const options = (list: { id: number; name: string }[]) =>
    list.map((m) => ({ value: String(m.id), label: m.name }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.companyId === null) return;
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
    <Modal opened onClose={onClose} title={t('psa.dialog.title', { name: mapping.clientName })} size="xl">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {companies.isError && (
              <Failure error={companies.error} text={messages.psaMapping.fetchCompaniesError} />
            )}
            <Select
              label={t('psa.dialog.company')}
              placeholder={t('psa.dialog.companyPlaceholder')}
              data={companyOptions}
              value={form.companyId === null ? null : String(form.companyId)}
              searchable
              limit={100}
              required
              nothingFoundMessage={t('common.noResults')}
              disabled={companies.isPending}
              onChange={(value) => {
                const company = companyOptions.find((option) => option.value === value);
                if (String(form.companyId) !== value)
                  setForm(
                    withCompany(form, company ? { id: Number(company.value), name: company.label } : null),
                  );
              }}
            />
            <Group grow align="flex-start">
              <Select
                label={t('psa.dialog.defaultProduct')}
                data={options(productList)}
                value={form.productMappingId === null ? null : String(form.productMappingId)}
                clearable
                placeholder={t('psa.dialog.noneOption')}
                onChange={(value) =>
                  setForm(withDefaultProduct(form, value === null ? null : Number(value), productList))
                }
              />
              <Select
                label={t('psa.dialog.defaultConfigurationType')}
                data={options(typeList)}
                value={
                  form.configurationTypeMappingId === null ? null : String(form.configurationTypeMappingId)
                }
                clearable
                placeholder={t('psa.dialog.noneOption')}
                onChange={(value) =>
                  setForm(withDefaultConfigurationType(form, value === null ? null : Number(value), typeList))
                }
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('psa.dialog.defaultsHint')}
            </Text>
            <Title order={4}>{t('psa.dialog.locationsTitle')}</Title>
            <LocationSites form={form} onChange={setForm} />
            {save.isError && (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={form.companyId === null}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
