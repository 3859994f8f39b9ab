/** The profile module's public entry. */
export { profileRoutes } from './routes';
