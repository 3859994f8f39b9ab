/** The presence module's public entry (DESIGN.md §7.9). */
export { PresenceBoard } from './presence-board';
export { isPresenceReport, PRESENCE_CHANNEL, type PresenceReport } from './presence-report';
export { presenceRoutes } from './routes';
