import { TICKET_BOARD_ID } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { BoardPage } from './board-page.tsx';
import { NewTicketPage } from './new-ticket-page.tsx';
import { TicketPage } from './ticket-page.tsx';

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return value !== undefined && /^\d+$/.test(value) && id > 0 && id <= 2147483647 ? id : undefined;
};

/**
 * `/ticketing/*` (spec §2): `board/:id` (the fixed board 1 of spec §9 when none is named), `ticket/:id` and
 * `new`. Each is its own screen; the route table keeps the spec's one pattern.
 */
export const TicketingPage = () => {
  const { '*': rest = '' } = useParams();
  const [part = '', value, ...extra] = rest.split('/').filter(Boolean);
  if (part === '' && value === undefined) return <Navigate to={links.ticketBoard(TICKET_BOARD_ID)} replace />;
  if (extra.length > 0) return <NotFoundPage />;
  if (part === 'new' && value === undefined) return <NewTicketPage />;
  const id = idOf(value);
  if (id === undefined) return <NotFoundPage />;
  if (part === 'board') return <BoardPage key={id} boardId={id} />;
  if (part === 'ticket') return <TicketPage key={id} ticketId={id} />;
  return <NotFoundPage />;
};
