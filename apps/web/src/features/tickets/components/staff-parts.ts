/*
 * The staff-only parts of the Kontakt screen: one chunk customers never download
 * (issue 34; hooks/use-staff-parts.ts loads it). A list of re-exports on purpose:
 * it is the chunk's table of contents, and staff need all of it at the first paint.
 */

export { FirstRunChecklist } from '../status/first-run-checklist';
export { AssignControl } from './assign-control';
export { BusinessHoursButton } from './business-hours-dialog';
export { CallerCustomerPicker } from './caller-customer-picker';
export { CustomerPanel, customerIdOf } from './customer-panel';
export { CustomerEmailBouncing } from './email-bouncing-label';
export { InquiryContact } from './inquiry-contact';
export { MailboxLink } from './mailbox-link';
export { PaneBar } from './pane-bar';
export { PaneSeparator } from './pane-separator';
export { TicketPresence } from './presence-avatars';
export { StaffComposerBar } from './staff-composer-bar';
export { StaffListToolbar } from './staff-list-toolbar';
export { StaffListColumns, StaffTicketRow } from './staff-ticket-rows';
export { TeamLink } from './team-link';
export { WorkspaceBrand, WorkspaceMenuButton, WorkspaceSiteLinks } from './workspace-header';
