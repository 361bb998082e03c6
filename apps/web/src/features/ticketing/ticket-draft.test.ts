import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTicket } from '../../test/ticket-factories.ts';
import { requesterInputOf, useTicketDraft } from './ticket-draft.ts';

describe('the unsaved changes of a ticket', () => {
  it('keeps only the fields changed, with the version read when the first change was made', () => {
    const ticket = createTicket({ version: 3, priority: 'LOW' });
    const { result, rerender } = renderHook(({ current }) => useTicketDraft(current), {
      initialProps: { current: ticket },
    });
    expect(result.current.isDirty).toBe(false);
    act(() => result.current.set('priority', 'HIGH'));
    expect(result.current.request()).toEqual({ priority: 'HIGH', version: 3 });

    // Someone else's change arrives: it shows in the other fields, the save still names the version read.
    rerender({ current: { ...ticket, version: 4, subject: 'Printer on fire' } });
    expect(result.current.valueOf('subject')).toBe('Printer on fire');
    expect(result.current.valueOf('priority')).toBe('HIGH');
    expect(result.current.request()).toEqual({ priority: 'HIGH', version: 3 });
  });

  it('forgets a field set back to its value, and then follows the ticket’s version again', () => {
    const ticket = createTicket({ version: 3, priority: 'LOW' });
    const { result, rerender } = renderHook(({ current }) => useTicketDraft(current), {
      initialProps: { current: ticket },
    });
    act(() => result.current.set('priority', 'HIGH'));
    act(() => result.current.set('priority', 'LOW'));
    expect(result.current.isDirty).toBe(false);
    rerender({ current: { ...ticket, version: 6 } });
    expect(result.current.version).toBe(6);
  });

  it('changes a type with its subtype and item at once', () => {
    const ticket = createTicket({ type: 'INCIDENT', subtypeId: 4, itemId: 9 });
    const { result } = renderHook(() => useTicketDraft(ticket));
    act(() => result.current.change({ type: 'QUESTION', subtypeId: null, itemId: null }));
    expect(result.current.request()).toEqual({ type: 'QUESTION', subtypeId: null, itemId: null, version: 1 });
  });

  it('sends the requester as the update takes it', () => {
    expect(requesterInputOf({ userId: 5, email: 'a@example.com', name: 'A' })).toEqual({ userId: 5 });
    expect(requesterInputOf({ userId: null, email: 'a@example.com', name: null })).toEqual({
      email: 'a@example.com',
      name: '',
    });
    expect(requesterInputOf(null)).toBeNull();
  });
});
