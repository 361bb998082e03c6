import {
  HELP_TICKET_CATEGORY_MAX,
  HELP_TICKET_PHONE_MAX,
  type HelpLanguage,
  type HelpTicketCustomField,
  matchHelpLanguage,
  supportTicketCustomFieldIds,
} from '@rmm/domain';
import { helpDeskError } from './errors.ts';

/** The support ticket's custom fields, decoded by their fixed ids (docs/decisions.md "Tickets and help"). */
export type SupportCustomFields = {
  phoneNumber: string | null;
  category: string | null;
  callback: boolean;
  language: HelpLanguage;
};

const ids = supportTicketCustomFieldIds;
const refuse = (detail: string) => helpDeskError('HELP_TICKET_INVALID', detail);

const text = (field: HelpTicketCustomField, label: string, max: number) => {
  if (typeof field.value !== 'string') throw refuse(`the ${label} must be text.`);
  const value = field.value.trim();
  if (value.length > max) throw refuse(`the ${label} may have at most ${max} characters.`);
  return value === '' ? null : value;
};

/** Each known id at most once, each with its type; an unknown id is refused rather than dropped. */
export const decodeCustomFields = (fields: readonly HelpTicketCustomField[]): SupportCustomFields => {
  const decoded: SupportCustomFields = { phoneNumber: null, category: null, callback: false, language: 'en' };
  const seen = new Set<number>();
  for (const field of fields) {
    if (seen.has(field.id)) throw refuse(`custom field ${field.id} is given twice.`);
    seen.add(field.id);
    switch (field.id) {
      case ids.phoneNumber:
        decoded.phoneNumber = text(field, 'phone number', HELP_TICKET_PHONE_MAX);
        break;
      case ids.category:
        decoded.category = text(field, 'category', HELP_TICKET_CATEGORY_MAX);
        break;
      case ids.callback:
        if (typeof field.value !== 'boolean') throw refuse('the callback field must be true or false.');
        decoded.callback = field.value;
        break;
      case ids.language:
        if (typeof field.value !== 'string') throw refuse('the language must be text.');
        decoded.language = matchHelpLanguage(field.value);
        break;
      default:
        throw refuse(`custom field ${field.id} is not one of this help desk's.`);
    }
  }
  return decoded;
};
