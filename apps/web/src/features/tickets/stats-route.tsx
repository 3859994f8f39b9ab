import { pageMeta } from '~/lib/page-meta';
import { StaffOnlyPage } from './components/staff-only-page';
import { StatsView } from './stats/stats-view';

export function meta() {
  return pageMeta({
    title: 'Raporty',
    description: 'Raporty zgłoszeń dla zespołu studia.',
    path: '/contact/stats',
    noIndex: true,
  });
}

/** `/contact/stats` (issue 17): staff only; customers get the not-found screen. */
export default function StatsRoute() {
  return (
    <StaffOnlyPage title="Raporty">
      <StatsView />
    </StaffOnlyPage>
  );
}
