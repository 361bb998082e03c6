import {
  type TicketSetupItem,
  type TicketStatusCategory,
  type TicketTemplateSetupList,
  ticketStatusCategories,
} from '@rmm/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketSetupQuery } from './queries.ts';

/** The enumerations whose items the MSP may rename: their English names when no setup is loaded. */
export type EnumList = 'types' | 'priorities' | 'sources' | 'severities';

type Lists = Partial<Record<TicketTemplateSetupList, TicketSetupItem[]>>;

const byPosition = (a: TicketSetupItem, b: TicketSetupItem) => a.position - b.position || a.id - b.id;

/**
 * The ticket template setup lists (`GET /ticket-setup`) as the pickers and labels need them: an enum value's
 * name as the MSP named it, the active items of a list in their order, the statuses by category.
 */
export const useTicketSetup = () => {
  const { t } = useTranslation();
  const query = useTicketSetupQuery();
  const lists: Lists = query.data ?? {};
  return useMemo(() => {
    const itemsOf = (list: TicketTemplateSetupList): TicketSetupItem[] =>
      [...(lists[list] ?? [])].sort(byPosition);
    const activeOf = (list: TicketTemplateSetupList) => itemsOf(list).filter((item) => item.isActive);
    const nameById = (list: TicketTemplateSetupList, id: number | null) =>
      id === null ? null : (lists[list]?.find((item) => item.id === id)?.name ?? `#${id}`);
    /** An enum value's name: the setup list's item, else the console's English word. */
    const label = (list: EnumList, key: string) =>
      lists[list]?.find((item) => item.key === key)?.name ?? t(`ticketing.${list}.${key}`);
    /** Select options of an enumeration, in the MSP's order; `keep` stays listed even when deactivated. */
    const enumOptions = (list: EnumList, values: readonly string[], keep?: string) => {
      const items = itemsOf(list);
      if (items.length === 0)
        return values.map((value) => ({ value, label: t(`ticketing.${list}.${value}`) }));
      return items
        .filter((item) => item.key !== null && (item.isActive || item.key === keep))
        .map((item) => ({ value: item.key as string, label: item.name }));
    };
    /** Status options grouped under their category (the "parent status"). */
    const statusGroups = (keepId?: number) =>
      ticketStatusCategories
        .map((category: TicketStatusCategory) => ({
          group: t(`ticketing.category.${category}`),
          items: itemsOf('statuses')
            .filter((item) => item.category === category && (item.isActive || item.id === keepId))
            .map((item) => ({ value: String(item.id), label: item.name })),
        }))
        .filter((group) => group.items.length > 0);
    return { query, itemsOf, activeOf, nameById, label, enumOptions, statusGroups };
  }, [lists, query, t]);
};
export type TicketSetupLookup = ReturnType<typeof useTicketSetup>;
