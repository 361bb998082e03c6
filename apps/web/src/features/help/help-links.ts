/** The organization's knowledge base (spec §2: `/systemDashboard/knowledgeBase`). */
export const KNOWLEDGE_BASE_PATH = '/systemDashboard/knowledgeBase';

/**
 * The help menu's optional links (spec §2, §9, issue 16 items 7, 8, 10): video tutorials and the academy are
 * shown only when configured. Nothing configures them yet, so both are off; the branding and academy settings
 * will pass their values to the panel (`HelpPanel`'s `links`), and a link with an address is shown.
 */
export type HelpMenuLinks = {
  /** Where the video tutorials open; null hides the link. */
  videoTutorialsHref: string | null;
  /** The academy's sign-in address (`/ws/integrations/{provider}/login`); null hides the link. */
  academyHref: string | null;
};

export const defaultHelpMenuLinks: HelpMenuLinks = { videoTutorialsHref: null, academyHref: null };

/** A link inside the console (navigated in place by the router) rather than to another site. */
export const isConsolePath = (href: string) => href.startsWith('/') && !href.startsWith('//');
