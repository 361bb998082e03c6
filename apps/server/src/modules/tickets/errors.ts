import {
  messages,
  type Ticket,
  type TicketingErrorCode,
  ticketingErrorCodes,
  ticketingMessages,
} from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

const texts: Readonly<Record<TicketingErrorCode, string>> = {
  TICKET_NOT_FOUND: ticketingMessages.notFound,
  BOARD_NOT_FOUND: ticketingMessages.boardNotFound,
  FORM_NOT_FOUND: ticketingMessages.formNotFound,
  SETUP_ITEM_NOT_FOUND: ticketingMessages.setupItemNotFound,
  TICKET_VERSION_CONFLICT: ticketingMessages.versionConflict,
  TIMER_RUNNING: ticketingMessages.timerRunning,
  TIMER_NOT_RUNNING: ticketingMessages.timerNotRunning,
  TIMER_DISABLED: ticketingMessages.timerDisabled,
  SETUP_ITEM_IN_USE: ticketingMessages.setupItemInUse,
  BOARD_SYSTEM: ticketingMessages.systemBoard,
  TICKET_RULE: messages.ticketRules.sameProblem,
  TICKET_INVALID: 'The ticket is not valid',
  SETUP_LIST_READ_ONLY: ticketingMessages.setupListReadOnly,
  INVALID_CURSOR: ticketingMessages.invalidCursor,
};

/** A ticketing error with its status; `message` replaces the code's default text (a rule's own message). */
export const ticketingError = (code: TicketingErrorCode, message?: string) =>
  new DomainError(code, message ?? texts[code], { statusCode: ticketingErrorCodes[code] });

/** A ticket rule of spec §8 was broken: 422 TICKET_RULE with the spec's message. */
export const ticketRuleError = (message: string) => ticketingError('TICKET_RULE', message);

/** A stale version: the route answers 409 with the ticket as it is now. */
export class TicketConflictError extends DomainError {
  constructor(readonly ticket: Ticket) {
    super('TICKET_VERSION_CONFLICT', ticketingMessages.versionConflict, { statusCode: 409 });
  }
}
