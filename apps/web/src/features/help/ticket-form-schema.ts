import {
  checkCcEmails,
  fromCheck,
  HELP_TICKET_BODY_MAX,
  HELP_TICKET_CATEGORY_MAX,
  HELP_TICKET_MAX_CC,
  HELP_TICKET_PHONE_MAX,
  HELP_TICKET_SUBJECT_MAX,
  HelpTicketForm,
  type HelpTicketPriority,
} from '@rmm/domain';
import { z } from 'zod';

/** What the submit-a-ticket form holds (spec §3 form inputs); `imageTokens` are the SUCCESS uploads' ids. */
export type HelpTicketFormValues = {
  ticketPriority: HelpTicketPriority;
  ticketSubject: string;
  ticketBody: string;
  ticketPhoneNumber: string;
  ticketCategory: string;
  ticketCallback: boolean;
  ticketCc: string;
  imageTokens: string[];
};

export const emptyHelpTicketForm: HelpTicketFormValues = {
  ticketPriority: 'NORMAL',
  ticketSubject: '',
  ticketBody: '',
  ticketPhoneNumber: '',
  ticketCategory: '',
  ticketCallback: false,
  ticketCc: '',
  imageTokens: [],
};

type Translate = (key: string, params: Record<string, string | number>) => string;

/**
 * The domain's form schema with the limits of help-desk.ts (which the server holds the ticket to), their
 * messages in the console's words. Its output is what `toHelpTicket` takes.
 */
export const helpTicketFormSchema = (t: Translate) => {
  const tooLong = (max: number) => t('help.ticket.tooLong', { max: max.toLocaleString() });
  const { shape } = HelpTicketForm;
  return HelpTicketForm.extend({
    ticketSubject: shape.ticketSubject.max(HELP_TICKET_SUBJECT_MAX, tooLong(HELP_TICKET_SUBJECT_MAX)),
    ticketBody: shape.ticketBody.max(HELP_TICKET_BODY_MAX, tooLong(HELP_TICKET_BODY_MAX)),
    ticketPhoneNumber: shape.ticketPhoneNumber.max(HELP_TICKET_PHONE_MAX, tooLong(HELP_TICKET_PHONE_MAX)),
    ticketCategory: shape.ticketCategory.max(HELP_TICKET_CATEGORY_MAX, tooLong(HELP_TICKET_CATEGORY_MAX)),
    ticketCc: z
      .string()
      .transform(fromCheck(checkCcEmails))
      .pipe(
        z.array(z.string()).max(HELP_TICKET_MAX_CC, t('help.ticket.tooManyCc', { max: HELP_TICKET_MAX_CC })),
      ),
  });
};
