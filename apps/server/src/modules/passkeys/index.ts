/** The passkeys module's public entry (WebAuthn: profile list and sign-in). */
export { passkeyRoutes } from './routes';
