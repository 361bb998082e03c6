import { createContext, type ReactNode, useContext } from 'react';

/**
 * Sections other features add to the organization editor (the policies' assignment), given by the page
 * (features never import each other). Each saves on its own: the editor's Save is not shown on them.
 */
export type OrganizationSection = {
  value: string;
  label: string;
  render: (organizationId: number) => ReactNode;
};

const OrganizationSectionsSlot = createContext<readonly OrganizationSection[]>([]);

export const OrganizationSectionsProvider = OrganizationSectionsSlot.Provider;

export const useOrganizationSections = () => useContext(OrganizationSectionsSlot);
