import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/**
 * Renders a screen inside a memory router and a fresh query client, as the
 * app's root layout would. `routes` adds the pages a screen navigates to.
 */
export function renderScreen(
  element: ReactNode,
  {
    path = '/',
    url = path,
    state,
    routes = [],
  }: {
    path?: string;
    url?: string;
    state?: unknown;
    routes?: Array<{ path: string; element: ReactNode }>;
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }, ...routes], {
    initialEntries: [
      {
        pathname: url.split('?')[0] ?? '/',
        search: url.includes('?') ? `?${url.split('?')[1]}` : '',
        state,
      },
    ],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export interface StubbedCall {
  url: string;
  method: string;
  body: unknown;
}

/**
 * fetch is a browser API the jsdom environment does not provide for relative
 * URLs; these component tests answer it with canned responses (the client
 * itself is tested against a real HTTP server in lib/api-client.test.ts).
 */
export function stubFetch(answer: (call: StubbedCall) => Response | Promise<Response>) {
  const calls: StubbedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The readable hint cookie the server sets with a session (see lib/session.ts):
 * without it the app does not ask `GET /api/auth/me` at all, so tests of
 * logged-in screens set it, and every test file clears it afterwards.
 */
export function setSessionHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: stands in for the server's Set-Cookie
  document.cookie = 'signed_in=1; path=/';
}

export function clearSessionHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: stands in for the server's Set-Cookie
  document.cookie = 'signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

/** The logged-in user of the account screen tests, as `GET /api/auth/me` returns it. */
export const TEST_USER = {
  id: 1,
  username: 'ala',
  email: 'ala@example.com',
  is_admin: false,
  mfa_enabled: false,
  email_bouncing: false,
};

/** Undoes what a screen test leaves behind: the DOM, the fetch stub, the return path, the hint. */
export function resetScreenTest() {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  clearSessionHint();
}
