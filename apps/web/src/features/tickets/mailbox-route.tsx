import { pageMeta } from '~/lib/page-meta';
import { StaffOnlyPage } from './components/staff-only-page';
import { MailboxView } from './mailbox/mailbox-view';

export function meta() {
  return pageMeta({
    title: 'Skrzynka',
    description: 'Maile odłożone przez skrzynkę Kontaktu, dla zespołu studia.',
    path: '/contact/mailbox',
    noIndex: true,
  });
}

/** `/contact/mailbox` (issue 29): the mails set aside, for staff only; customers get the not-found screen. */
export default function MailboxRoute() {
  return (
    <StaffOnlyPage title="Skrzynka">
      <MailboxView />
    </StaffOnlyPage>
  );
}
