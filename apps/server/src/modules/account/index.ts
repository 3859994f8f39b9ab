/** The account module's public entry (data export and deletion). */
export { accountRoutes } from './routes';
