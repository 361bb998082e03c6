import { TICKET_MAIL_REPLY_MARKER, ticketIdInSubject } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { bareMessageId, boardDefaults, namedMessageIds, replyBodyOf, ticketSubject } from './mail-text.ts';

describe('what a mail makes of a ticket', () => {
  it('keeps a reply’s own words: above the marker, without the quoted mail and the attribution', () => {
    const quotedMarker = `Thanks, that worked.\n\nOn 3 March, Support <support@msp.test> wrote:\n> ${TICKET_MAIL_REPLY_MARKER}\n>\n> Admin wrote on ticket [#4]`;
    expect(replyBodyOf(quotedMarker, [])).toBe('Thanks, that worked.');
    expect(replyBodyOf('Line one\n> quoted\nLine two\n\n> tail\n>', [])).toBe('Line one\n> quoted\nLine two');
    expect(replyBodyOf('> only quoted', [])).toBe('> only quoted');
    expect(replyBodyOf('', [])).toBe('(no text)');
  });

  it('reads the ticket token of a subject, and the Message-IDs a reply names', () => {
    expect(ticketIdInSubject('Re: [#123] Printer')).toBe(123);
    expect(ticketIdInSubject('Re: #123 Printer')).toBeNull();
    expect(ticketIdInSubject('[#99999999999]')).toBeNull();
    expect(bareMessageId(' <a.b@c> ')).toBe('a.b@c');
    expect(bareMessageId('two words@x')).toBeUndefined();
    expect(namedMessageIds('<r@x>', ['<a@x>', '<b@x>'])).toEqual(['r@x', 'b@x', 'a@x']);
    expect(namedMessageIds(undefined, '<a@x> <r@x>')).toEqual(['r@x', 'a@x']);
    expect(ticketSubject('  Re:\tPrinter \n jams ')).toBe('Re: Printer jams');
  });

  it('takes from an ALL board the values a new ticket needs to show on it', () => {
    expect(
      boardDefaults({
        match: 'ALL',
        rules: [
          { field: 'statusCategory', operator: 'EQUALS', value: 'OPEN' },
          { field: 'teamId', operator: 'EQUALS', value: 7 },
          { field: 'priority', operator: 'EQUALS', value: 'HIGH' },
          { field: 'tags', operator: 'CONTAINS', value: 'email' },
          { field: 'tags', operator: 'CONTAINS', value: 'email' },
          { field: 'source', operator: 'EQUALS', value: 'EMAIL' },
          { field: 'createTime', operator: 'WITHIN_LAST_HOURS', value: 24 },
        ],
      }),
    ).toEqual({ statusId: 2, teamId: 7, priority: 'HIGH', tags: ['email'] });
    expect(
      boardDefaults({ match: 'ANY', rules: [{ field: 'priority', operator: 'EQUALS', value: 'HIGH' }] }),
    ).toEqual({ tags: [] });
    expect(boardDefaults('not conditions')).toEqual({ tags: [] });
  });
});
