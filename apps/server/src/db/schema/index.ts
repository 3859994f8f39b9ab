// The one list of tables drizzle-kit and the client see.
export * from './accounts';
export * from './passkeys';
export * from './tickets';
