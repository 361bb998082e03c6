import type { BoardSort } from '@rmm/domain';

/** How a sort's direction reads for its field: times newest first, ranks highest first, subjects A to Z. */
export const sortDirectionKey = (field: BoardSort['field'], direction: BoardSort['direction']) => {
  const kind =
    field === 'createTime' || field === 'updateTime' ? 'time' : field === 'subject' ? 'text' : 'rank';
  return `ticketing.sortDirection.${kind}.${direction}`;
};
