/** The security log's public entry: other modules import from here only. */
export { recordSecurityEvent, type SecurityEvent } from './service';
