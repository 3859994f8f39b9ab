import { pageMeta } from '~/lib/page-meta';
import { StaffOnlyPage } from './components/staff-only-page';
import { SystemStatusView } from './status/system-status-view';

export function meta() {
  return pageMeta({
    title: 'Stan systemu',
    description: 'Stan Kontaktu i pierwsze kroki dla zespołu studia.',
    path: '/contact/status',
    noIndex: true,
  });
}

/** `/contact/status` (issue 32): „Stan systemu” for staff only; customers get the not-found screen. */
export default function SystemStatusRoute() {
  return (
    <StaffOnlyPage title="Stan systemu">
      <SystemStatusView />
    </StaffOnlyPage>
  );
}
