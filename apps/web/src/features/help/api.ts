import type {
  HelpArticle,
  HelpSearchResponse,
  HelpSuggestionsResponse,
  HelpTicketRequest,
  HelpTicketResponse,
  ReportClientErrorRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

/**
 * The help centre's articles, search and suggestions, the report of a failed call (issue 16), and the help
 * ticket (issue 17; its attachments are lib/attachments.ts, shared with the support inbox).
 */
export const helpApi = {
  search: (q: string, locale: string) =>
    apiRequest<HelpSearchResponse>('GET', `${apiPaths.helpSearch()}${toQuery({ q, locale })}`),
  article: (slug: string, locale: string) =>
    apiRequest<HelpArticle>('GET', `${apiPaths.helpArticle(slug)}${toQuery({ locale })}`),
  suggestions: (path: string, locale: string) =>
    apiRequest<HelpSuggestionsResponse>('GET', `${apiPaths.helpSuggestions()}${toQuery({ path, locale })}`),
  reportClientError: (report: ReportClientErrorRequest) =>
    apiRequest<{ ok: true }>('POST', apiPaths.helpClientErrors(), report),
  /** Spec §7 POST /ws/{helpdesk}/ticket. */
  submitTicket: (helpdesk: string, ticket: HelpTicketRequest) =>
    apiRequest<HelpTicketResponse>('POST', apiPaths.helpTicket(helpdesk), ticket),
};
