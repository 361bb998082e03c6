import { Anchor, Table, Typography } from '@mantine/core';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';

type MdNode = { type: string; value?: string; children?: MdNode[] };
const blockParents = new Set(['root', 'blockquote', 'listItem']);

/** Raw HTML in the Markdown becomes the text it is: `<script>` is shown, never run or dropped silently. */
const htmlAsText = () => (tree: MdNode) => {
  const walk = (node: MdNode) => {
    if (!node.children) return;
    node.children = node.children.map((child) => {
      if (child.type !== 'html') return child;
      const text = { type: 'text', value: child.value ?? '' };
      return blockParents.has(node.type) ? { type: 'paragraph', children: [text] } : text;
    });
    node.children.forEach(walk);
  };
  walk(tree);
};

/** A console path (`/deviceSearch`), not another site or a protocol-relative `//host`. */
const isConsolePath = (href: string | undefined): href is string =>
  typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');

const components: Components = {
  // Console links navigate in place; others open in a new tab without access to this window.
  a: ({ href, children }) =>
    isConsolePath(href) ? (
      <Anchor component={Link} to={href}>
        {children}
      </Anchor>
    ) : (
      <Anchor href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    ),
  table: ({ children }) => (
    <Table withTableBorder withColumnBorders>
      {children}
    </Table>
  ),
};

/**
 * Markdown written by technicians (knowledge-base articles, ticket descriptions and comments), rendered without raw HTML (it is shown as text; `skipHtml` would drop
 * any left) and with react-markdown's safe URL filter (no `javascript:` links).
 */
export const MarkdownView = ({ markdown }: { markdown: string }) => (
  <Typography>
    <ReactMarkdown remarkPlugins={[remarkGfm, htmlAsText]} skipHtml components={components}>
      {markdown}
    </ReactMarkdown>
  </Typography>
);
