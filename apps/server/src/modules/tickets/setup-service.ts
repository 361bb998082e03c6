import {
  isCustomSetupList,
  type SaveTicketFormRequest,
  type SaveTicketSetupItemRequest,
  type TicketForm,
  type TicketSetupItem,
  type TicketTemplateSetupList,
  ticketTemplateSetupLists,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { ticketingError } from './errors.ts';
import { boardAsSetupItem, statusAsSetupItem, toForm, toSetupItem } from './mapper.ts';
import * as setup from './setup-repository.ts';

/**
 * The ticket template setup lists of spec §3 and the forms. `statuses` live in their own table (tickets refer
 * to them), `boards` are read here and written at `/ticket-boards`, the enumerations (types, priorities,
 * sources, severities) may be renamed, reordered or deactivated but not added to or deleted.
 */

type ItemInput = z.output<typeof SaveTicketSetupItemRequest>;
type FormInput = z.output<typeof SaveTicketFormRequest>;

const activity = (actor: Actor, action: string, target: { type: string; id: number; name: string }) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: target.type,
  targetId: target.id,
  targetName: target.name,
  outcome: 'SUCCESS' as const,
});

export const listSetupItems = async (
  db: DbOrTx,
  list: TicketTemplateSetupList,
): Promise<TicketSetupItem[]> => {
  if (list === 'statuses') return (await setup.listStatuses(db)).map(statusAsSetupItem);
  if (list === 'boards') return (await setup.listBoards(db)).map(boardAsSetupItem);
  return (await setup.listSetupItems(db, list)).map(toSetupItem);
};

/** Every list at once (for the ticket editor's pickers). */
export const listAllSetupItems = async (db: Db) => {
  const [statuses, boards, items] = await Promise.all([
    setup.listStatuses(db),
    setup.listBoards(db),
    setup.listSetupItems(db),
  ]);
  const lists = Object.fromEntries(ticketTemplateSetupLists.map((list) => [list, [] as TicketSetupItem[]]));
  lists.statuses = statuses.map(statusAsSetupItem);
  lists.boards = boards.map(boardAsSetupItem);
  for (const item of items) lists[item.list]?.push(toSetupItem(item));
  return lists as Record<TicketTemplateSetupList, TicketSetupItem[]>;
};

const invalid = (message: string) => ticketingError('TICKET_INVALID', message);

/** What a new or changed item must name: a status its category, a subtype its type, an item its subtype. */
const checkItem = async (db: DbOrTx, list: TicketTemplateSetupList, input: ItemInput) => {
  if (list === 'statuses' && !input.category) throw invalid('A status needs a category');
  if (list === 'subtypes' && !input.parentKey) throw invalid('A subtype needs a ticket type (parentKey)');
  if (list === 'items') {
    if (!input.parentId) throw invalid('An item needs a subtype (parentId)');
    if (!(await setup.findSetupItem(db, 'subtypes', input.parentId)))
      throw invalid('There is no such subtype');
  }
};

export const createSetupItem = (db: Db, actor: Actor, list: TicketTemplateSetupList, input: ItemInput) =>
  db.transaction(async (tx): Promise<TicketSetupItem> => {
    if (!isCustomSetupList(list)) throw ticketingError('SETUP_LIST_READ_ONLY');
    await checkItem(tx, list, input);
    const common = { name: input.name, isActive: input.isActive, position: input.position ?? 1000 };
    const item =
      list === 'statuses'
        ? statusAsSetupItem(await setup.insertStatus(tx, { ...common, category: input.category! }))
        : toSetupItem(
            await setup.insertSetupItem(tx, {
              ...common,
              list,
              parentId: list === 'items' ? input.parentId : null,
              parentKey: list === 'subtypes' ? input.parentKey : null,
            }),
          );
    await insertActivity(tx, activity(actor, 'ticketSetup.create', { type: `ticketSetup.${list}`, ...item }));
    return item;
  });

/** A system item keeps what makes it one: a status its category, an enumeration item its key. */
export const updateSetupItem = (
  db: Db,
  actor: Actor,
  list: TicketTemplateSetupList,
  id: number,
  input: ItemInput,
) =>
  db.transaction(async (tx): Promise<TicketSetupItem> => {
    if (list === 'boards') throw ticketingError('SETUP_LIST_READ_ONLY');
    const common = {
      name: input.name,
      isActive: input.isActive,
      ...(input.position === undefined ? {} : { position: input.position }),
    };
    let item: TicketSetupItem;
    if (list === 'statuses') {
      const current = await setup.findStatus(tx, id);
      if (!current) throw ticketingError('SETUP_ITEM_NOT_FOUND');
      const category = current.isSystem ? current.category : (input.category ?? current.category);
      item = statusAsSetupItem((await setup.updateStatus(tx, id, { ...common, category }))!);
    } else {
      const current = await setup.findSetupItem(tx, list, id);
      if (!current) throw ticketingError('SETUP_ITEM_NOT_FOUND');
      if (isCustomSetupList(list)) await checkItem(tx, list, input);
      const parents = isCustomSetupList(list)
        ? {
            parentId: list === 'items' ? input.parentId : null,
            parentKey: list === 'subtypes' ? input.parentKey : null,
          }
        : {};
      item = toSetupItem((await setup.updateSetupItem(tx, id, { ...common, ...parents }))!);
    }
    await insertActivity(tx, activity(actor, 'ticketSetup.update', { type: `ticketSetup.${list}`, ...item }));
    return item;
  });

/** Deletes an item of the MSP's own lists; a status in use or a system one stays (deactivate it instead). */
export const deleteSetupItem = (db: Db, actor: Actor, list: TicketTemplateSetupList, id: number) =>
  db.transaction(async (tx) => {
    if (!isCustomSetupList(list)) throw ticketingError('SETUP_LIST_READ_ONLY');
    if (list === 'statuses') {
      const status = await setup.findStatus(tx, id);
      if (!status) throw ticketingError('SETUP_ITEM_NOT_FOUND');
      if (status.isSystem) throw ticketingError('SETUP_LIST_READ_ONLY');
      if (await setup.isStatusUsed(tx, id)) throw ticketingError('SETUP_ITEM_IN_USE');
      await setup.deleteStatus(tx, id);
      await insertActivity(
        tx,
        activity(actor, 'ticketSetup.delete', { type: 'ticketSetup.statuses', ...status }),
      );
      return;
    }
    const item = await setup.findSetupItem(tx, list, id);
    if (!item) throw ticketingError('SETUP_ITEM_NOT_FOUND');
    if (await setup.isSetupItemUsed(tx, id)) throw ticketingError('SETUP_ITEM_IN_USE');
    await setup.deleteSetupItem(tx, id);
    await insertActivity(tx, activity(actor, 'ticketSetup.delete', { type: `ticketSetup.${list}`, ...item }));
  });

// ---------------------------------------------------------------- forms

export const listForms = async (db: Db): Promise<TicketForm[]> => (await setup.listForms(db)).map(toForm);

const requireForm = async (db: DbOrTx, id: number) => {
  const form = await setup.findForm(db, id);
  if (!form) throw ticketingError('FORM_NOT_FOUND');
  return form;
};

export const getForm = async (db: Db, id: number) => toForm(await requireForm(db, id));

export const createForm = (db: Db, actor: Actor, input: FormInput) =>
  db.transaction(async (tx) => {
    const row = await setup.insertForm(tx, input);
    await insertActivity(tx, activity(actor, 'ticketForm.create', { type: 'ticketForm', ...row }));
    return toForm(row);
  });

export const updateForm = (db: Db, actor: Actor, id: number, input: FormInput) =>
  db.transaction(async (tx) => {
    await requireForm(tx, id);
    const row = (await setup.updateForm(tx, id, { ...input, updatedAt: new Date() }))!;
    await insertActivity(tx, activity(actor, 'ticketForm.update', { type: 'ticketForm', ...row }));
    return toForm(row);
  });

/** Deletes a form; its tickets keep their field values but no longer name it. */
export const deleteForm = (db: Db, actor: Actor, id: number) =>
  db.transaction(async (tx) => {
    const form = await requireForm(tx, id);
    await setup.deleteForm(tx, id);
    await insertActivity(tx, activity(actor, 'ticketForm.delete', { type: 'ticketForm', ...form }));
  });
