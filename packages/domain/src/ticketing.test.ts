import { describe, expect, it } from 'vitest';
import {
  AddTimeEntryRequest,
  BoardConditions,
  CreateTicketRequest,
  defaultBoardConditions,
  SaveTicketBoardRequest,
  SaveTicketFormRequest,
  UpdateTicketRequest,
} from './ticketing.ts';

describe('ticket requests', () => {
  it('fills the defaults of a new ticket', () => {
    const ticket = CreateTicketRequest.parse({ organizationId: 3, subject: '  Printer jams ' });
    expect(ticket).toMatchObject({
      subject: 'Printer jams',
      statusId: 1,
      type: 'PROBLEM',
      priority: 'NONE',
      severity: 'NONE',
      isDescriptionPublic: true,
      tags: [],
      requester: null,
    });
  });

  it('refuses a subject over 200 characters and a bad cc address', () => {
    expect(CreateTicketRequest.safeParse({ organizationId: 3, subject: 'x'.repeat(201) }).success).toBe(
      false,
    );
    const cc = CreateTicketRequest.safeParse({ organizationId: 3, subject: 'a', ccEmails: ['nope'] });
    expect(cc.error?.issues[0]?.message).toBe('Please enter a valid email address');
  });

  it('takes a requester by user id or by email and name, not both', () => {
    const base = { organizationId: 3, subject: 'a' };
    expect(CreateTicketRequest.parse({ ...base, requester: { userId: 4 } }).requester).toEqual({ userId: 4 });
    expect(CreateTicketRequest.parse({ ...base, requester: { email: 'A@b.example' } }).requester).toEqual({
      email: 'A@b.example',
      name: '',
    });
    expect(
      CreateTicketRequest.safeParse({ ...base, requester: { userId: 4, email: 'a@b.example' } }).success,
    ).toBe(false);
  });

  it('needs a version on update and refuses unknown fields', () => {
    expect(UpdateTicketRequest.safeParse({ subject: 'b' }).success).toBe(false);
    expect(UpdateTicketRequest.safeParse({ version: 2, organizationId: 4 }).success).toBe(false);
    expect(UpdateTicketRequest.parse({ version: 2, tags: ['a', 'a'] })).toEqual({ version: 2, tags: ['a'] });
  });
});

describe('time entries', () => {
  it('takes a start and an end, or a duration, but not both or neither', () => {
    expect(AddTimeEntryRequest.safeParse({ durationSeconds: 600 }).success).toBe(true);
    expect(
      AddTimeEntryRequest.safeParse({ startTime: '2026-01-01T10:00:00Z', endTime: '2026-01-01T10:30:00Z' })
        .success,
    ).toBe(true);
    expect(AddTimeEntryRequest.safeParse({}).success).toBe(false);
    expect(
      AddTimeEntryRequest.safeParse({
        startTime: '2026-01-01T10:00:00Z',
        endTime: '2026-01-01T10:30:00Z',
        durationSeconds: 5,
      }).success,
    ).toBe(false);
  });

  it('refuses an end before its start', () => {
    const result = AddTimeEntryRequest.safeParse({
      startTime: '2026-01-01T10:00:00Z',
      endTime: '2026-01-01T09:00:00Z',
    });
    expect(result.error?.issues[0]?.message).toBe('The end must be after the start');
  });
});

describe('board conditions', () => {
  it('accepts the default board and the usual operators', () => {
    expect(BoardConditions.parse(defaultBoardConditions)).toEqual(defaultBoardConditions);
    const conditions = BoardConditions.parse({
      match: 'ANY',
      rules: [
        { field: 'assigneeId', operator: 'EQUALS', value: 'CURRENT_USER' },
        { field: 'priority', operator: 'IN', value: ['HIGH', 'MEDIUM'] },
        { field: 'subject', operator: 'CONTAINS', value: 'printer' },
        { field: 'updateTime', operator: 'WITHIN_LAST_HOURS', value: 24 },
        { field: 'deviceId', operator: 'IS_EMPTY' },
      ],
    });
    expect(conditions.rules).toHaveLength(5);
  });

  it('refuses an operator that does not fit its field, and a value that does not', () => {
    const bad = [
      { field: 'priority', operator: 'CONTAINS', value: 'HIGH' },
      { field: 'priority', operator: 'EQUALS', value: 'URGENT' },
      { field: 'organizationId', operator: 'IN', value: [] },
      { field: 'createTime', operator: 'GREATER_THAN', value: 'yesterday' },
      { field: 'deviceId', operator: 'IS_EMPTY', value: 3 },
      { field: 'organizationId', operator: 'EQUALS', value: 'CURRENT_USER' },
    ];
    for (const rule of bad) {
      expect(BoardConditions.safeParse({ rules: [rule] }).success, JSON.stringify(rule)).toBe(false);
    }
  });

  it('gives a new board the default columns and sort', () => {
    const board = SaveTicketBoardRequest.parse({ name: 'Mine' });
    expect(board.columns).toContain('subject');
    expect(board.sort).toEqual({ field: 'createTime', direction: 'DESC' });
  });
});

describe('forms', () => {
  it('refuses a dropdown without options and two fields with one key', () => {
    const dropdown = SaveTicketFormRequest.safeParse({
      name: 'Onboarding',
      fields: [{ key: 'office', label: 'Office', kind: 'DROPDOWN' }],
    });
    expect(dropdown.success).toBe(false);
    const twice = SaveTicketFormRequest.safeParse({
      name: 'Onboarding',
      fields: [
        { key: 'a', label: 'A', kind: 'TEXT' },
        { key: 'a', label: 'B', kind: 'TEXT' },
      ],
    });
    expect(twice.success).toBe(false);
    expect(SaveTicketFormRequest.parse({ name: 'Plain' }).timer).toBe('MANUAL');
  });
});
