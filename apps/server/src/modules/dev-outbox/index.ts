/** The dev outbox's public entry. */
export { devOutboxRoutes } from './routes';
