import { Anchor, Breadcrumbs, SegmentedControl } from '@mantine/core';
import { type ActionTarget, type ApprovalStatus, approvalStatuses } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { type ApprovalListParams, approvalsApi } from '../../features/approvals/api.ts';
import { useApprovalDevicesQuery } from '../../features/approvals/queries.ts';
import type { BulkAction } from '../../features/device-search/components/bulk-actions.tsx';
import type { ColumnId } from '../../features/device-search/components/device-columns.tsx';
import { DeviceResults } from '../../features/device-search/components/device-results.tsx';
import { ResultsFilterInput } from '../../features/device-search/components/results-filter-input.tsx';
import { collectMatchingIds } from '../../features/device-search/matching-ids.ts';
import { useListUrlState } from '../../features/device-search/use-list-url-state.ts';
import { useOrganizationQuery } from '../../lib/organizations.ts';

const DEFAULT_STATUS: ApprovalStatus = 'PENDING';

const approvalColumns: ColumnId[] = [
  'name',
  'hostname',
  'organization',
  'location',
  'os',
  'ipAddress',
  'created',
];

/** Only the actions that change something for devices of this status. */
const actionsFor = (status: ApprovalStatus): BulkAction[] =>
  status === 'APPROVED' ? ['REJECT'] : status === 'REJECTED' ? ['APPROVE'] : ['APPROVE', 'REJECT'];

/**
 * Every device of an approval status, as the runner's target: criteria of one approval-status rule,
 * evaluated by the server in one request. Criteria say nothing of organization or text, so for an
 * organization's page or a text filter the matching ids are collected page by page instead.
 */
const allMatchingTarget = async (listParams: ApprovalListParams): Promise<ActionTarget> =>
  listParams.organizationId === undefined && !listParams.search
    ? {
        criteria: {
          match: 'all',
          rules: [{ field: 'approvalStatus', operator: 'equals', value: listParams.approvalStatus }],
        },
      }
    : collectMatchingIds((page, pageSize) => approvalsApi.devices({ ...listParams, page, pageSize }));

const asStatus = (value: string | null): ApprovalStatus =>
  approvalStatuses.find((status) => status === value) ?? DEFAULT_STATUS;

/** Devices by approval status, approved or rejected in bulk; status and page live in the URL. */
const Approvals = ({ organizationId, basePath }: { organizationId?: number; basePath: string }) => {
  const { t } = useTranslation();
  const { state, params, setState } = useListUrlState((page) => `${basePath}/${page}`);
  const status = asStatus(params.get('status'));
  const listParams = {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    search: state.q || undefined,
    approvalStatus: status,
    organizationId,
  };
  const query = useApprovalDevicesQuery(listParams);
  return (
    <DeviceResults
      query={query}
      state={state}
      onStateChange={setState}
      resolveAllMatching={() => allMatchingTarget(listParams)}
      actions={actionsFor(status)}
      columnsKey="rmm.approvals.columns"
      defaultColumns={approvalColumns}
      emptyText={state.q ? t('common.noResults') : t(`approvals.empty.${status}`)}
      selectionKey={`${organizationId ?? 'all'}|${status}`}
      filters={
        <>
          <SegmentedControl
            aria-label={t('approvals.filter')}
            value={status}
            onChange={(value) => setState({ status: value === DEFAULT_STATUS ? undefined : value })}
            data={approvalStatuses.map((value) => ({ value, label: t(`approvals.status.${value}`) }))}
          />
          <ResultsFilterInput value={state.q} onChange={(q) => setState({ q })} />
        </>
      }
    />
  );
};

/** `/systemDashboard/approvals/:page`: devices of every organization by approval status. */
export const SystemApprovalsPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('approvals.title')} />
      <Approvals basePath="/systemDashboard/approvals" />
    </>
  );
};

/** `/customerDashboard/:id/approvals/:page`: the same for one organization. */
export const CustomerApprovalsPage = () => {
  const { t } = useTranslation();
  const organizationId = Number(useParams().id);
  const organization = useOrganizationQuery(organizationId);
  return (
    <>
      {organization.data && (
        <Breadcrumbs mb="xs" fz="sm">
          <Anchor component={Link} to={links.organization(organizationId)}>
            {organization.data.name}
          </Anchor>
        </Breadcrumbs>
      )}
      <PageHeader title={t('approvals.title')} />
      <Approvals
        key={organizationId}
        organizationId={organizationId}
        basePath={links.organizationPages(organizationId, 'approvals')}
      />
    </>
  );
};
