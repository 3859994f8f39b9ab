/** The account-lock module's public entry: „To nie ja” of account-change alerts (DESIGN.md §7.7). */
export { accountLockRoutes } from './routes';
