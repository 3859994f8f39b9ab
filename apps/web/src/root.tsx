import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from 'react-router';
import type { Route } from './+types/root';
import { AppShell } from './app/app-shell';
import { DeferredToaster } from './app/deferred-toaster';
import { EARLY_INPUT_SCRIPT, replayEarlyInput } from './app/early-input';
import { EARLY_ME_SCRIPT } from './app/early-me';
import { StaticBackdrop } from './components/backdrop/static-backdrop';
import { StudioDetailsMeta } from './components/company-details';
import { registerServiceWorker } from './lib/service-worker';
import { seedQueryClient, useServerState } from './lib/session';
import { THEME_COLORS } from './lib/theme';
import './app/app.css';

/**
 * Runs before the first paint so the page never flashes the wrong theme. Dark is
 * the default: only a stored 'light' turns it off (SPEC §4). It also marks
 * <html> `signed-in` when the session hint cookie is there (lib/session.ts), so
 * prerendered logged-out content can stay hidden for a visitor who may be
 * logged in (the `signed-in:` variant in app.css), and `cookie-ok` when the
 * cookie notice was accepted, so the prerendered notice never flashes. With
 * the hint it also starts `GET /api/auth/me` (`window.__earlyMe`, read once by
 * lib/session.ts; EARLY_ME_SCRIPT), so the answer is there when the modules are; its failure is
 * caught here and seen by the reader. The server allows this script by its
 * hash, so keep it a constant string.
 */
export const THEME_SCRIPT =
  "(function(){var d=document.documentElement;try{if(localStorage.getItem('theme')==='light'){d.classList.remove('dark')}else{d.classList.add('dark')}}catch(e){d.classList.add('dark')}if(/(^|;\\s*)(__Host-)?signed_in=/.test(document.cookie)){d.classList.add('signed-in');" +
  EARLY_ME_SCRIPT +
  "}try{if(localStorage.getItem('nd_cookie_notice')!==null){d.classList.add('cookie-ok')}}catch(e){}})();";

/**
 * zod compiles object schemas with `new Function` where the page allows eval,
 * and its probe for that is itself a CSP violation (script-src has no
 * 'unsafe-eval'), reported on every page that builds a form schema. Set before
 * any module runs; zod reads this global as its configuration.
 */
export const ZOD_CONFIG_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true};';

/**
 * The three as one script: each inline script adds its hash (54 bytes) to the
 * page's CSP header, and headers count in the ~14.6 KB a new connection
 * delivers in its first round trip, which `/projects` filled to a few bytes
 * (issue 34). Each part is a statement of its own that catches its own errors.
 */
export const HEAD_SCRIPT = THEME_SCRIPT + ZOD_CONFIG_SCRIPT + EARLY_INPUT_SCRIPT;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  // The installable app (issue 33): name, icons and start page for "Add to home screen".
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // The class is changed by THEME_SCRIPT before hydration, hence the suppression.
    <html lang="pl" className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* One per colour scheme for the browser's first frame; lib/theme.ts sets both to the site's theme. */}
        <meta name="theme-color" content={THEME_COLORS.dark} media="(prefers-color-scheme: dark)" />
        <meta
          name="theme-color"
          content={THEME_COLORS.light}
          media="(prefers-color-scheme: light)"
        />
        <StudioDetailsMeta />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, allowed by CSP hash */}
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const serverState = useServerState();
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
    });
    // A server-rendered page (the signed-in Kontakt screen) starts from the server's answers.
    if (serverState) seedQueryClient(client, serverState);
    return client;
  });
  // The root's effect runs once the whole page has hydrated: from then on React handles every tap.
  useEffect(() => {
    void replayEarlyInput();
    registerServiceWorker();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell>
        <Outlet />
      </AppShell>
      <DeferredToaster />
    </QueryClientProvider>
  );
}

/** Shown while a client-rendered route (served from the SPA fallback) loads. */
export function HydrateFallback() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-live="polite">
      <StaticBackdrop />
      <div className="relative z-10 flex flex-col items-center gap-4">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-blue-500/30 border-t-blue-500"
        />
        <span className="text-sm text-slate-600 dark:text-slate-300">Ładowanie…</span>
      </div>
    </div>
  );
}

/** Generic fallback for routing failures (SPEC §2 "Not found"). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let message = 'Nieznany błąd';
  if (isRouteErrorResponse(error)) {
    message = `${error.status} ${error.statusText || ''}`.trim();
    if (typeof error.data === 'string' && error.data) message += ` — ${error.data}`;
  } else if (error instanceof Error) {
    message = error.message;
  }
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-4 px-6 py-24">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <pre className="overflow-auto rounded-lg bg-slate-900/10 p-4 text-sm whitespace-pre-wrap dark:bg-white/10">
        {message}
      </pre>
      <a href="/" className="text-blue-600 underline dark:text-blue-300">
        Wróć na stronę główną
      </a>
    </main>
  );
}
