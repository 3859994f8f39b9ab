/**
 * Guest accounts (DESIGN.md §7.6): the account an address writes as, a new
 * one without a password when none has it. Its own module so that the
 * inquiries, the set-aside mails and the tickets module (a ticket for a
 * caller, §7.9) share it without importing each other.
 */
export { accountForInquiry, usernameBase } from './guest-account';
