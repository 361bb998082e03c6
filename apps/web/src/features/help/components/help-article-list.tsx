import { NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A help article (opened in the panel by `slug`), or a knowledge-base article with `path`: a console screen
 * the router opens in place, the panel staying open (as console links in articles do).
 */
export type HelpArticleListItem = { slug: string; title: string; detail: ReactNode; path?: string };

/** Articles as buttons or console links (each reachable by Tab) with a title and a line below it. */
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
    {items.map((item) =>
      item.path ? (
        <NavLink
          key={item.slug}
          component={Link}
          to={item.path}
          label={item.title}
          description={item.detail}
          styles={{ label: { fontWeight: 500 } }}
        />
      ) : (
        <NavLink
          key={item.slug}
          component="button"
          type="button"
          label={item.title}
          description={item.detail}
          onClick={() => onOpen(item.slug)}
          styles={{ label: { fontWeight: 500 } }}
        />
      ),
    )}
  </nav>
);
