import { Anchor, Breadcrumbs, Tabs, Title } from '@mantine/core';
import { type BackupKind, backupKinds } from '@rmm/domain';
import { type BackupEditorSection, links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { BackupSettingsSection } from './backup-settings.tsx';
import { NetworkStorage } from './network-storage.tsx';
import { BackupPlanEditor } from './plan-editor/plan-editor.tsx';
import { PlansList } from './plans-list.tsx';
import { Throttles } from './throttles.tsx';

const sections: readonly BackupEditorSection[] = ['plans', 'network-storage', 'throttles', 'settings'];

/** Where the splat points: a section, or a plan of the plans section. */
const parse = (splat: string): { section: BackupEditorSection; planId?: string } | undefined => {
  const [section = 'plans', planId, ...rest] = splat.split('/').filter(Boolean);
  if (!(sections as readonly string[]).includes(section) || rest.length > 0) return undefined;
  if (planId !== undefined && section !== 'plans') return undefined;
  return { section: section as BackupEditorSection, planId };
};

const Section = ({
  organizationId,
  section,
  planId,
}: {
  organizationId: number;
  section: BackupEditorSection;
  planId?: string;
}) => {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  if (section === 'plans' && planId)
    return (
      <BackupPlanEditor
        organizationId={organizationId}
        planId={planId}
        initialKind={
          (backupKinds as readonly string[]).includes(kind ?? '') ? (kind as BackupKind) : undefined
        }
      />
    );
  if (section === 'plans') return <PlansList organizationId={organizationId} isEditor />;
  if (section === 'network-storage') return <NetworkStorage organizationId={organizationId} />;
  if (section === 'throttles') return <Throttles organizationId={organizationId} />;
  return <BackupSettingsSection organizationId={organizationId} />;
};

/**
 * `/editor/customer/:id/backup/*` and `/editor/customer/:id/backup/network-storage`: the organization's
 * backup plans (list and editor), network storage, throttles and settings.
 */
export const BackupEditor = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const id = Number(params.id);
  const splat = params['*'] ?? (location.pathname.endsWith('/network-storage') ? 'network-storage' : '');
  const organization = useOrganizationQuery(Number.isSafeInteger(id) && id > 0 ? id : undefined);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  const target = parse(splat);
  if (!target) return <Navigate to={links.backupEditor(id)} replace state={location.state} />;
  return (
    <QueryState query={organization} notFoundTitle={t('organizations.notFound')}>
      {(org) => (
        <>
          <Breadcrumbs mb="xs" fz="sm">
            <Anchor component={Link} to={links.organizationEditor(org.id)} state={location.state}>
              {org.name}
            </Anchor>
            <Anchor component={Link} to={links.organizationBackup(org.id)}>
              {t('backup.title')}
            </Anchor>
          </Breadcrumbs>
          <Title order={2} mb="md">
            {t('backup.editor.sectionTitle', { name: org.name })}
          </Title>
          <Tabs
            value={target.section}
            onChange={(value) =>
              value &&
              navigate(links.backupEditor(org.id, value as BackupEditorSection), { state: location.state })
            }
            mb="md"
          >
            <Tabs.List>
              {sections.map((section) => (
                <Tabs.Tab key={section} value={section}>
                  {t(`backup.editor.sections.${section}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Section organizationId={org.id} section={target.section} planId={target.planId} />
        </>
      )}
    </QueryState>
  );
};
