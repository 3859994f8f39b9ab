/**
 * The notifications module's public entry: other modules and the app import
 * from here, never from the files behind it.
 */
export { enqueueAssignmentMail } from './assignment-mail';
export { dropClosingMail, enqueueClosingMail } from './closing-mail';
export { emailEnabled } from './email-preference';
export { buildNotificationMail } from './mail';
export { dropTicketJobs, messageMailJobs, NOTIFY_DELAY_MS, TICKET_MAIL_JOB } from './outbox';
export { readRatingLinkToken } from './rating-token';
export { notificationRoutes } from './routes';
export { STAFF_DIGEST_WINDOW_MS } from './staff-digest';
export { staffNotificationsOf } from './staff-notification-prefs';
export { unsubscribeUrl } from './unsubscribe-token';
export { JobRunner } from './worker';
