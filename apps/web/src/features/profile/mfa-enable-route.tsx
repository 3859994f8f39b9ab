import { pageMeta } from '~/lib/page-meta';
import { MfaChangePage } from './components/mfa-change-page';

export function meta() {
  return pageMeta({
    title: 'Włącz 2FA',
    description: 'Potwierdź kodem z e-maila włączenie weryfikacji dwuetapowej na swoim koncie.',
    path: '/profile/mfa/enable',
    noIndex: true,
  });
}

export default function MfaEnableRoute() {
  return <MfaChangePage change="enable" />;
}
