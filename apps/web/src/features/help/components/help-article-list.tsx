import { NavLink } from '@mantine/core';
import type { ReactNode } from 'react';

export type HelpArticleListItem = { slug: string; title: string; detail: ReactNode };

/** Articles as buttons (each reachable by Tab) with a title and a line below it. */
export const HelpArticleList = ({
  items,
  label,
  onOpen,
}: {
  items: HelpArticleListItem[];
  label: string;
  onOpen: (slug: string) => void;
}) => (
  <nav aria-label={label}>
    {items.map((item) => (
      <NavLink
        key={item.slug}
        component="button"
        type="button"
        label={item.title}
        description={item.detail}
        onClick={() => onOpen(item.slug)}
        styles={{ label: { fontWeight: 500 } }}
      />
    ))}
  </nav>
);
