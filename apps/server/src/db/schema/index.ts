// The one list of tables drizzle-kit and the client see.
export * from './accounts';
export * from './email-channel';
export * from './inquiries';
export * from './passkeys';
export * from './push';
export * from './ratings';
export * from './reply-signatures';
export * from './staff';
export * from './staff-notifications';
export * from './system-state';
export * from './ticket-counts';
export * from './tickets';
export * from './totp';
