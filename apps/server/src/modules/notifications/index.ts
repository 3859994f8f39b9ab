/**
 * The notifications module's public entry: other modules and the app import
 * from here, never from the files behind it.
 */
export { enqueueAssignmentMail } from './assignment-mail';
export { emailEnabled } from './email-preference';
export { dropTicketJobs, messageMailJobs, NOTIFY_DELAY_MS, TICKET_MAIL_JOB } from './outbox';
export { notificationRoutes } from './routes';
export { JobRunner } from './worker';
