/** The business-hours module's public entry (DESIGN.md §7.9): other modules import from here only. */
export { type BusinessClock, businessClock, businessDays } from './business-time';
export { dueAtFor, type WaitingTicket } from './due-at';
export { checkOverdue, queueOverdueMails } from './overdue-mail';
export { setUpBusinessHours } from './set-up-business-hours';
export { readBusinessHours } from './settings';
