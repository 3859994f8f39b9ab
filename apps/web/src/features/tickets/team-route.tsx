import { pageMeta } from '~/lib/page-meta';
import { StaffOnlyPage } from './components/staff-only-page';
import { TeamView } from './team/team-view';

export function meta() {
  return pageMeta({
    title: 'Zespół Kontaktu',
    description: 'Osoby z uprawnieniami zespołu w Kontakcie.',
    path: '/contact/team',
    noIndex: true,
  });
}

/** `/contact/team` (issue 31): staff only; customers get the not-found screen. */
export default function TeamRoute() {
  return (
    <StaffOnlyPage title="Zespół">
      <TeamView />
    </StaffOnlyPage>
  );
}
