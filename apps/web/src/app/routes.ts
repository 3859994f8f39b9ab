import { index, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The route table. Paths are relative to apps/web/src. Each helper adds the lines
 * for its own routes (RULES.md "Agreed web conventions"); keep the catch-all last.
 * Every path here must also be listed in @studio/shared/routes, which tells the
 * server which paths exist.
 */
export default [
  index('features/marketing/home/home-route.tsx'),
  // — other routes go here —
  route('*', 'features/marketing/not-found/not-found-route.tsx'),
] satisfies RouteConfig;
