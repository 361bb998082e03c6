/** The organization's knowledge base (spec §2: `/systemDashboard/knowledgeBase`). */
export const KNOWLEDGE_BASE_PATH = '/systemDashboard/knowledgeBase';

/** A link inside the console (navigated in place by the router) rather than to another site. */
export const isConsolePath = (href: string) => href.startsWith('/') && !href.startsWith('//');
