import { Alert, Button, Group, Select, Stack, Tabs, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CreateOrganizationRequest, LocationInput, type Organization } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { type OrganizationFormValues, toFormValues } from '../organization-form.ts';
import { useOrganizationSections } from '../organization-sections-slot.tsx';
import { useCreateOrganizationMutation, useUpdateOrganizationMutation } from '../queries.ts';
import { CredentialsTab } from './credentials-tab.tsx';
import { DeleteOrganizationButton } from './delete-organization-button.tsx';
import { LocationsFields } from './locations-fields.tsx';

const sections = ['general', 'locations', 'credentials'] as const;
/** The form's schema, derived from the request schema the server validates with. */
const formSchema = z.object({
  name: CreateOrganizationRequest.shape.name,
  description: CreateOrganizationRequest.shape.description,
  locations: z.array(z.object({ name: LocationInput.shape.name })),
});

/**
 * `/editor/customer/:id` (id `new` creates) with the General, Locations and Credentials sections, and those the
 * page adds (`OrganizationSectionsProvider`) for an existing organization.
 */
export const OrganizationEditor = () => {
  const { id = 'new', '*': rest = '' } = useParams();
  const extra = useOrganizationSections();
  const section = rest.split('/')[0] || 'general';
  const known = [...sections, ...(id === 'new' ? [] : extra.map((s) => s.value))];
  if (!known.includes(section)) return <ComingSoonPage name={section} />;
  if (id === 'new') return <OrganizationForm section={section} />;
  return <ExistingOrganizationEditor id={Number(id)} section={section} key={id} />;
};

const ExistingOrganizationEditor = ({ id, section }: { id: number; section: string }) => {
  const { t } = useTranslation();
  const query = useOrganizationQuery(Number.isInteger(id) ? id : -1);
  return (
    <QueryState query={query} notFoundTitle={t('organizations.notFound')}>
      {(org) => <OrganizationForm organization={org} section={section} />}
    </QueryState>
  );
};

const OrganizationForm = ({ organization, section }: { organization?: Organization; section: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateOrganizationMutation();
  // Without organizations.manage the editor shows the organization read-only (the server refuses changes).
  const canManage = useHasPermission('organizations.manage');
  const canViewCredentials = useHasPermission('credentials.view');
  // The organization's backup plans are an editor of their own (/editor/customer/:id/backup).
  const canViewBackup = useHasPermission('backup.viewAndRestore');
  const update = useUpdateOrganizationMutation(organization?.id ?? 0);
  const mutation = organization ? update : create;
  const form = useForm<OrganizationFormValues>({
    initialValues: toFormValues(organization),
    validate: zod4Resolver(formSchema),
  });
  const base = links.organizationEditor(organization?.id ?? 'new');
  const extra = useOrganizationSections();
  const extraSection = organization ? extra.find((s) => s.value === section) : undefined;

  const submit = form.onSubmit(async (values) => {
    const body = { ...values, locations: values.locations.map(({ key: _key, ...l }) => l) };
    // A failed save shows its message in the alert above the form (mutation.error).
    const saved = await (organization ? update.mutateAsync(body) : create.mutateAsync(body)).catch(
      () => undefined,
    );
    if (!saved) return;
    notifications.show({ color: 'green', message: t('organizations.saved') });
    form.setInitialValues(toFormValues(saved));
    form.reset();
    if (!organization) navigate(links.organizationEditor(saved.id), { replace: true, state: location.state });
  });

  return (
    <form onSubmit={submit}>
      <fieldset disabled={mutation.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Group justify="space-between" mb="md">
          <Title order={2}>
            {organization
              ? t('organizations.editorTitle', { name: organization.name })
              : t('organizations.editorTitleNew')}
          </Title>
          {canManage && !extraSection && (
            <Group>
              {organization && <DeleteOrganizationButton organization={organization} />}
              <Button type="submit" loading={mutation.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Group>
        {mutation.error && (
          <Alert color="red" mb="md" icon={<IconAlertCircle size={18} />} role="alert">
            {mutation.error.message}
          </Alert>
        )}
        <Tabs
          value={section}
          onChange={(v) =>
            v === 'backup' && organization
              ? navigate(links.backupEditor(organization.id), { state: location.state })
              : navigate(v === 'general' ? base : `${base}/${v}`, { replace: true, state: location.state })
          }
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="general">{t('organizations.general')}</Tabs.Tab>
            <Tabs.Tab value="locations">{t('organizations.locations')}</Tabs.Tab>
            {organization && canViewCredentials && (
              <Tabs.Tab value="credentials">{t('organizations.credentials')}</Tabs.Tab>
            )}
            {organization &&
              extra.map((s) => (
                <Tabs.Tab key={s.value} value={s.value}>
                  {s.label}
                </Tabs.Tab>
              ))}
            {organization && canViewBackup && <Tabs.Tab value="backup">{t('organizations.backup')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="general">
            <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
              <Stack maw={560}>
                <TextInput label={t('common.name')} withAsterisk {...form.getInputProps('name')} />
                <Textarea
                  label={t('common.description')}
                  autosize
                  minRows={2}
                  {...form.getInputProps('description')}
                />
                <Select
                  label={t('organizations.approvalMode')}
                  allowDeselect={false}
                  data={(['AUTOMATIC', 'MANUAL', 'REJECT'] as const).map((v) => ({
                    value: v,
                    label: t(`organizations.approval.${v}`),
                  }))}
                  {...form.getInputProps('nodeApprovalMode')}
                />
              </Stack>
            </fieldset>
          </Tabs.Panel>
          {organization && canViewCredentials && (
            <Tabs.Panel value="credentials">
              {section === 'credentials' && <CredentialsTab organizationId={organization.id} />}
            </Tabs.Panel>
          )}
          {organization &&
            extra.map((s) => (
              <Tabs.Panel key={s.value} value={s.value}>
                {section === s.value && s.render(organization.id)}
              </Tabs.Panel>
            ))}
          <Tabs.Panel value="locations">
            <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
              <LocationsFields form={form} />
            </fieldset>
          </Tabs.Panel>
        </Tabs>
      </fieldset>
    </form>
  );
};
