/** The stream module's public entry. */
export { streamRoutes } from './routes';
