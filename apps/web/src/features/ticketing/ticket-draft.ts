import type { Ticket, TicketRequesterInput, UpdateTicketRequest } from '@rmm/domain';
import { useCallback, useMemo, useState } from 'react';

/** What the ticket page lets a technician change: the update's fields without the version. */
export type TicketPatch = Omit<UpdateTicketRequest, 'version'>;
export type TicketPatchField = keyof TicketPatch;

/** The requester as the update takes it: a user by id, or an address with a name. */
export const requesterInputOf = (requester: Ticket['requester']): TicketRequesterInput | null => {
  if (!requester) return null;
  if (requester.userId !== null) return { userId: requester.userId };
  return requester.email ? { email: requester.email, name: requester.name ?? '' } : null;
};

/** A field's value as the ticket has it now, in the update's shape. */
export const currentValueOf = <F extends TicketPatchField>(ticket: Ticket, field: F): TicketPatch[F] => {
  if (field === 'requester') return requesterInputOf(ticket.requester) as TicketPatch[F];
  if (field === 'attachmentIds') return ticket.attachments.map((a) => a.id) as TicketPatch[F];
  return (ticket as unknown as Record<string, unknown>)[field] as TicketPatch[F];
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The patch with one field changed; a field set back to the ticket's value leaves the patch. */
export const withField = <F extends TicketPatchField>(
  patch: TicketPatch,
  ticket: Ticket,
  field: F,
  value: TicketPatch[F],
): TicketPatch => {
  const next = { ...patch };
  if (sameValue(value, currentValueOf(ticket, field))) delete next[field];
  else next[field] = value;
  return next;
};

/**
 * The ticket page's unsaved changes: only the fields the technician changed, over the ticket as the server
 * has it now (a change by someone else shows at once in every other field). The version is the one read when
 * the first change was made, so a save after someone else's change is refused (409) instead of overwriting it.
 */
export const useTicketDraft = (ticket: Ticket) => {
  const [patch, setPatch] = useState<TicketPatch>({});
  const [pinnedVersion, setPinnedVersion] = useState<number | null>(null);
  const isDirty = Object.keys(patch).length > 0;

  /** Changes several fields at once (a new type clears the subtype and the item). */
  const change = useCallback(
    (changes: TicketPatch) => {
      let next = patch;
      for (const [field, value] of Object.entries(changes))
        next = withField(next, ticket, field as TicketPatchField, value as never);
      setPatch(next);
      setPinnedVersion(Object.keys(next).length > 0 ? (pinnedVersion ?? ticket.version) : null);
    },
    [patch, pinnedVersion, ticket],
  );

  const reset = useCallback(() => {
    setPatch({});
    setPinnedVersion(null);
  }, []);

  return useMemo(
    () => ({
      patch,
      isDirty,
      /** The version a save sends. */
      version: pinnedVersion ?? ticket.version,
      /** The field's value as shown: the technician's change, else the ticket's. */
      valueOf: <F extends TicketPatchField>(field: F): TicketPatch[F] =>
        field in patch ? patch[field] : currentValueOf(ticket, field),
      isChanged: (field: TicketPatchField) => field in patch,
      set: <F extends TicketPatchField>(field: F, value: TicketPatch[F]) =>
        change({ [field]: value } as TicketPatch),
      change,
      reset,
      request: (): UpdateTicketRequest => ({ ...patch, version: pinnedVersion ?? ticket.version }),
    }),
    [patch, isDirty, pinnedVersion, ticket, change, reset],
  );
};
export type TicketDraft = ReturnType<typeof useTicketDraft>;
