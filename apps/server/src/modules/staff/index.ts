/** The staff module's public entry (issue 17): saved replies, customer panel, statistics. */
export { staffRoutes } from './routes';
