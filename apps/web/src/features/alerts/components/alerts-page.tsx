import { Anchor, Breadcrumbs, Paper, Text, Title } from '@mantine/core';
import { links } from '@rmm/domain/links';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useRealtimeStatus } from '../../../app/realtime/realtime-status.ts';
import { DashboardRefresh } from '../../../components/dashboard-refresh.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import {
  type AlertListState,
  alertListStateFromUrl,
  alertListStateToUrl,
  changeAlertListState,
  defaultAlertListState,
} from '../alert-list-params.ts';
import { alertKeys } from '../queries.ts';
import { AlertsList } from './alerts-list.tsx';

/** The list's filters, sort and page in the URL: bookmarkable, and Back undoes a filter. */
const useUrlAlertListState = () => {
  const [params, setParams] = useSearchParams();
  const state = alertListStateFromUrl(params);
  const onStateChange = (changes: Partial<AlertListState>) =>
    setParams(alertListStateToUrl(changeAlertListState(state, changes)));
  return { state, onStateChange };
};

const parseId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
};

const Header = () => {
  const { t } = useTranslation();
  const liveStatus = useRealtimeStatus();
  return (
    <PageHeader
      title={t('alerts.title')}
      actions={<DashboardRefresh queryKeys={[alertKeys.lists]} liveStatus={liveStatus} />}
    />
  );
};

/** `/systemDashboard/alerts`: the alerts of every organization the user may see. */
export const SystemAlertsPage = () => {
  const { t } = useTranslation();
  const { state, onStateChange } = useUrlAlertListState();
  return (
    <>
      <Header />
      <Text size="sm" c="dimmed" mb="sm">
        {t('alerts.explain')}
      </Text>
      <AlertsList scope={{}} state={state} onStateChange={onStateChange} showOrganization />
    </>
  );
};

const OrganizationAlerts = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const organization = useOrganizationQuery(organizationId);
  const { state, onStateChange } = useUrlAlertListState();
  return (
    <>
      {organization.data && (
        <Breadcrumbs mb="xs" fz="sm">
          <Anchor component={Link} to={links.organization(organizationId)}>
            {organization.data.name}
          </Anchor>
        </Breadcrumbs>
      )}
      <Header />
      {organization.data && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('alerts.explainOrganization', { name: organization.data.name })}
        </Text>
      )}
      <AlertsList scope={{ organizationId }} state={state} onStateChange={onStateChange} />
    </>
  );
};

/** `/customerDashboard/:id/alerts`: the alerts of one organization's devices. */
export const CustomerAlertsPage = () => {
  const id = parseId(useParams().id);
  if (id === undefined) return <NotFoundPage />;
  return <OrganizationAlerts key={id} organizationId={id} />;
};

const DEVICE_PAGE_SIZE = 10;

/**
 * The device dashboard's alerts: its active alerts first, with the same filters and actions; the state is the
 * section's own (the device's tabs keep their URLs).
 */
export const DeviceAlertsSection = ({ deviceId }: { deviceId: number }) => {
  const { t } = useTranslation();
  const [state, setState] = useState<AlertListState>(defaultAlertListState);
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby="device-alerts-title">
      <Title order={3} size="h4" id="device-alerts-title">
        {t('alerts.device.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('alerts.device.explain')}
      </Text>
      <AlertsList
        scope={{ deviceId }}
        state={state}
        onStateChange={(changes) => setState((current) => changeAlertListState(current, changes))}
        showDevice={false}
        pageSize={DEVICE_PAGE_SIZE}
      />
    </Paper>
  );
};
