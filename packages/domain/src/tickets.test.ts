import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKET_BOARD_ID, TICKET_BOARD_PATH, ticketBoardPath } from './routes.ts';
import {
  HelpTicket,
  HelpTicketForm,
  helpLanguages,
  helpTicketFormInputs,
  matchHelpLanguage,
  NotificationOption,
  supportTicketCustomFieldIds,
  TicketCreationOption,
  TicketSource,
  TicketTemplateSetupList,
  TicketType,
  ticketCreationOptionLabels,
  ticketingOptionsByTarget,
  toHelpTicket,
  UNEXPLAINED_TICKET_CONSTANT_6,
  UNEXPLAINED_TICKET_CONSTANT_7,
} from './tickets.ts';

describe('ticket lists', () => {
  it('has the nine types and eight sources', () => {
    expect(TicketType.options).toEqual([
      'PROBLEM',
      'QUESTION',
      'INCIDENT',
      'TASK',
      'CHANGE_REQUEST',
      'SERVICE_REQUEST',
      'PROJECT',
      'APPOINTMENT',
      'MISCELLANEOUS',
    ]);
    expect(TicketSource.options).toEqual([
      'WEB_FORM',
      'EMAIL',
      'TECHNICIAN',
      'SYSTRAY_HELP_REQUEST',
      'END_USER',
      'CONDITION',
      'SCHEDULED_AUTOMATION',
      'ACTIVITY',
    ]);
  });

  it('has creation options none, create, create and close, and notification none, send', () => {
    expect(TicketCreationOption.options).toEqual(['NONE', 'CREATE', 'CREATE_AND_CLOSE']);
    expect(ticketCreationOptionLabels.CREATE_AND_CLOSE).toBe('Create and close');
    expect(NotificationOption.options).toEqual(['NONE', 'SEND']);
  });

  it('limits the generic webhook and the help desk', () => {
    expect(ticketingOptionsByTarget.GENERIC_WEBHOOK).toEqual({
      creation: ['NONE', 'CREATE'],
      notification: ['NONE'],
    });
    expect(ticketingOptionsByTarget.HELP_DESK).toEqual({
      creation: ['NONE', 'CREATE'],
      notification: ['NONE', 'SEND'],
    });
    expect(ticketingOptionsByTarget.BUILT_IN.creation).toEqual(['NONE', 'CREATE', 'CREATE_AND_CLOSE']);
  });

  it('has the ten template setup lists', () => {
    expect(TicketTemplateSetupList.options).toEqual([
      'boards',
      'statuses',
      'teams',
      'types',
      'subtypes',
      'items',
      'priorities',
      'sources',
      'severities',
      'impacts',
    ]);
  });

  it('builds the board path from board id 1 and keeps 6 and 7', () => {
    expect(TICKET_BOARD_ID).toBe(1);
    expect(TICKET_BOARD_PATH).toBe('/ticketing/board/1');
    expect(ticketBoardPath(3)).toBe('/ticketing/board/3');
    expect([UNEXPLAINED_TICKET_CONSTANT_6, UNEXPLAINED_TICKET_CONSTANT_7]).toEqual([6, 7]);
  });
});

describe('help languages', () => {
  it('supports ten languages', () => {
    expect(helpLanguages).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'ja', 'zh']);
  });

  it('matches on the primary subtag and falls back to English', () => {
    expect(matchHelpLanguage('de-DE')).toBe('de');
    expect(matchHelpLanguage('PT_br')).toBe('pt');
    expect(matchHelpLanguage('zh-Hant-TW')).toBe('zh');
    expect(matchHelpLanguage('sv-SE')).toBe('en');
    expect(matchHelpLanguage('')).toBe('en');
    expect(matchHelpLanguage(undefined)).toBe('en');
  });

  it('always answers one of the ten, for any text', () => {
    fc.assert(
      fc.property(fc.string(), (locale) => {
        expect(helpLanguages).toContain(matchHelpLanguage(locale));
      }),
    );
  });
});

describe('help ticket', () => {
  const form = {
    ticketPriority: 'HIGH',
    ticketSubject: '  Agent offline ',
    ticketBody: 'It stopped reporting.',
    ticketPhoneNumber: ' +1 555 0100 ',
    ticketCategory: '',
    ticketCallback: true,
    ticketCc: 'a@example.com; b@example.com',
    imageTokens: ['tok-1'],
  };

  it('uses the §3 form input names and fixed custom field ids', () => {
    expect(helpTicketFormInputs).toEqual([
      'ticketPriority',
      'ticketSubject',
      'ticketBody',
      'ticketPhoneNumber',
      'ticketCategory',
      'ticketCallback',
      'ticketCc',
      'imageTokens',
    ]);
    expect(Object.keys(HelpTicketForm.shape)).toEqual([...helpTicketFormInputs]);
    expect(supportTicketCustomFieldIds).toEqual({
      phoneNumber: 1001,
      category: 1002,
      callback: 1003,
      language: 1004,
    });
  });

  it('builds the ticket body from the form', () => {
    const ticket = toHelpTicket(HelpTicketForm.parse(form), 'fr-CA');
    expect(ticket).toEqual({
      priority: 'HIGH',
      subject: 'Agent offline',
      comment: { body: 'It stopped reporting.', uploads: ['tok-1'] },
      customFields: [
        { id: 1001, value: '+1 555 0100' },
        { id: 1003, value: true },
        { id: 1004, value: 'fr' },
      ],
      ccEmails: ['a@example.com', 'b@example.com'],
    });
    expect(HelpTicket.parse(ticket)).toEqual(ticket);
  });

  it('refuses a blank subject or a bad cc address', () => {
    const subject = HelpTicketForm.safeParse({ ...form, ticketSubject: ' ' });
    expect(subject.error?.issues[0]?.message).toBe('Mandatory value is undefined. Please enter a value.');
    const cc = HelpTicketForm.safeParse({ ...form, ticketCc: 'a@example.com, nope' });
    expect(cc.error?.issues[0]?.message).toBe('Please enter a valid email address');
  });
});
