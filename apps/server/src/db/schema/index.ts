// The one list of tables drizzle-kit and the client see.
export * from './accounts';
export * from './tickets';
export * from './totp';
