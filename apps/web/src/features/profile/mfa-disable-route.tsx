import { pageMeta } from '~/lib/page-meta';
import { MfaChangePage } from './components/mfa-change-page';

export function meta() {
  return pageMeta({
    title: 'Wyłącz 2FA',
    description: 'Potwierdź kodem z e-maila wyłączenie weryfikacji dwuetapowej na swoim koncie.',
    path: '/profile/mfa/disable',
    noIndex: true,
  });
}

export default function MfaDisableRoute() {
  return <MfaChangePage change="disable" />;
}
