import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/queries.ts';
import { OrganizationEditor } from '../../features/organizations/components/organization-editor.tsx';
import {
  type OrganizationSection,
  OrganizationSectionsProvider,
} from '../../features/organizations/organization-sections-slot.tsx';
import { OrganizationPoliciesTab } from '../../features/policies/components/organization-policies-tab.tsx';

/** The organization editor, with the policies' assignment as one of its sections for those who see policies. */
export const OrganizationEditorPage = () => {
  const { t } = useTranslation();
  const canViewPolicies = useHasPermission('policies.view');
  const sections = useMemo<OrganizationSection[]>(
    () =>
      canViewPolicies
        ? [
            {
              value: 'policies',
              label: t('policies.organization.tab'),
              render: (organizationId) => <OrganizationPoliciesTab organizationId={organizationId} />,
            },
          ]
        : [],
    [canViewPolicies, t],
  );
  return (
    <OrganizationSectionsProvider value={sections}>
      <OrganizationEditor />
    </OrganizationSectionsProvider>
  );
};
