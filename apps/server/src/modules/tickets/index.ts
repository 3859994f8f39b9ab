/** The tickets module's public entry: other modules import from here only. */
export { publishEvents, recordEvent, TICKETS_CHANNEL, type TicketEvent } from './events';
export { ticketRoutes } from './routes';
export type { NewMessageInput, TicketsContext } from './service/context';
export { insertTicket } from './service/create-ticket';
export type { FileDto, MessageDto, TicketDto } from './service/dto';
export { type Actor, SYSTEM_ACTOR } from './service/rules';
export { createTicketsService, type TicketsService } from './service/tickets-service';
