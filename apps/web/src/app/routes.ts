import { index, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The route table. Paths are relative to apps/web/src. Each helper adds the lines
 * for its own routes (docs/architecture.md §4); keep the catch-all last.
 * Every path here must also be listed in @studio/shared/routes, which tells the
 * server which paths exist.
 */
export default [
  index('features/marketing/home/home-route.tsx'),
  // — other routes go here —
  // Public pages: team, projects, roadmap, terms
  route('team', 'features/marketing/team/team-route.tsx'),
  route('projects', 'features/marketing/projects/projects-route.tsx'),
  route('roadmap', 'features/marketing/roadmap/roadmap-route.tsx'),
  route('terms-and-conditions', 'features/legal/terms-route.tsx'),
  // Account screens (auth and profile)
  route('login', 'features/auth/login-route.tsx'),
  route('register', 'features/auth/register-route.tsx'),
  route('verify-email', 'features/auth/verify-email-route.tsx'),
  route('forgot-password', 'features/auth/forgot-password-route.tsx'),
  route('forgot-password/sent', 'features/auth/forgot-password-sent-route.tsx'),
  route('reset-password', 'features/auth/reset-password-route.tsx'),
  route('security/lock', 'features/auth/lock-account-route.tsx'),
  route('profile', 'features/profile/profile-route.tsx'),
  route('profile/mfa/enable', 'features/profile/mfa-enable-route.tsx'),
  route('profile/mfa/disable', 'features/profile/mfa-disable-route.tsx'),
  route('podpisy', 'features/signatures/signatures-route.tsx'),
  route('contact', 'features/tickets/contact-route.tsx'),
  route('contact/stats', 'features/tickets/stats-route.tsx'),
  route('contact/mailbox', 'features/tickets/mailbox-route.tsx'),
  route('contact/status', 'features/tickets/system-status-route.tsx'),
  route('contact/team', 'features/tickets/team-route.tsx'),
  route('contact/confirm', 'features/tickets/contact-confirm-route.tsx'),
  route('contact/rating', 'features/tickets/rating-route.tsx'),
  route('*', 'features/marketing/not-found/not-found-route.tsx'),
] satisfies RouteConfig;
