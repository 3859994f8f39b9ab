import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HTTPS_COOKIE_PREFIX, SESSION_COOKIE } from '@studio/shared/cookies';
import type { SignedInContactAnswers, SignedInContactPlan } from '@studio/shared/server-render';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * The signed-in Kontakt screen rendered by the server (issue 34,
 * docs/web-app.md "Server-rendered Kontakt"). The visitor's answers are read
 * through the API's own routes in process (`app.inject`: no socket, the same
 * session check, ownership rules and response schemas as the browser's own
 * requests), and React Router's server build, which the web build keeps as
 * `<build>/ssr` (apps/web/vite.config.ts), renders the screen from them into the
 * prerendered page (apps/web/src/app/signed-in-page.ts). Whatever fails, the
 * caller sends the prerendered page as before.
 */

/** The part of the web app's server build used here (apps/web/src/entry.server.tsx). */
interface WebServerEntry {
  createRequestHandler: (
    build: unknown,
    mode?: string,
  ) => (request: Request, loadContext?: unknown) => Promise<Response>;
  signedInPlan: (me: unknown) => SignedInContactPlan | null;
  signedInState: (answers: SignedInContactAnswers) => unknown;
  signedInPage: (options: {
    prerendered: string;
    rendered: string;
    state: unknown;
    readAsset: (urlPath: string) => string;
  }) => string;
}

interface ServerBuild {
  entry: { module: WebServerEntry };
}

const SESSION_COOKIES = new Set([SESSION_COOKIE, `${HTTPS_COOKIE_PREFIX}${SESSION_COOKIE}`]);

/** Whether the request carries a session cookie at all (without one the page is the prerendered one, at no cost). */
export function hasSessionCookie(cookies: Record<string, string | undefined>): boolean {
  return Object.entries(cookies).some(([name, value]) => SESSION_COOKIES.has(name) && !!value);
}

/** `?ticket=` as the web app reads it (apps/web lib/selection.ts parseTicketParam). */
function requestedTicket(url: string): number | null {
  const value = new URL(url, 'http://localhost').searchParams.get('ticket');
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function listedIds(answer: unknown): number[] {
  const tickets = (answer as { tickets?: unknown } | null)?.tickets;
  if (!Array.isArray(tickets)) return [];
  return tickets
    .map((ticket) => (ticket as { id?: unknown } | null)?.id)
    .filter((id): id is number => typeof id === 'number');
}

export function createSignedInContact(app: FastifyInstance, webDir: string) {
  const ssrIndex = path.join(path.dirname(webDir), 'ssr', 'index.js');
  const prerenderedFile = path.join(webDir, 'contact', 'index.html');
  type Loaded = {
    entry: WebServerEntry;
    handler: ReturnType<WebServerEntry['createRequestHandler']>;
  };
  // Imported once per build: a rebuild under a running server is picked up by its time.
  let loaded: { version: number; build: Promise<Loaded> } | null = null;
  const load = () => {
    const version = fs.statSync(ssrIndex).mtimeMs;
    if (loaded?.version !== version) {
      const build = import(`${pathToFileURL(ssrIndex).href}?v=${version}`).then(
        (server: ServerBuild) => ({
          entry: server.entry.module,
          handler: server.entry.module.createRequestHandler(server, 'production'),
        }),
      );
      const current = { version, build };
      loaded = current;
      build.catch(() => {
        if (loaded === current) loaded = null;
      });
    }
    return loaded.build;
  };
  const assets = new Map<string, string>();
  const readAsset = (urlPath: string) => {
    let text = assets.get(urlPath);
    if (text === undefined) {
      const file = path.join(webDir, path.normalize(urlPath));
      if (!file.startsWith(webDir)) throw new Error(`asset outside the build: ${urlPath}`);
      text = fs.readFileSync(file, 'utf8');
      assets.set(urlPath, text);
    }
    return text;
  };

  /** An API answer for this visitor, through the API's own route; null unless it is a 200. */
  async function answer(request: FastifyRequest, url: string): Promise<unknown> {
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
    });
    return response.statusCode === 200 ? response.json() : null;
  }

  /** The answers the screen is rendered from, or null for a visitor without a valid session. */
  async function answersFor(
    request: FastifyRequest,
    entry: WebServerEntry,
  ): Promise<SignedInContactAnswers | null> {
    const me = await answer(request, '/api/auth/me');
    if (me === null) return null;
    const plan = entry.signedInPlan(me);
    if (!plan) return null;
    const tickets = await answer(request, plan.listUrl);
    if (tickets === null) return null;
    // The ticket the screen opens: the one asked for (in the list, or else one the API
    // shows this visitor), else (customers) the newest.
    const ids = listedIds(tickets);
    const requested = requestedTicket(request.url);
    const isListed = requested !== null && ids.includes(requested);
    const [pinned, firstRun] = await Promise.all([
      requested !== null && !isListed ? answer(request, `/api/tickets/${requested}`) : null,
      plan.firstRunUrl ? answer(request, plan.firstRunUrl) : null,
    ]);
    const first = plan.opensFirst ? (ids[0] ?? null) : null;
    const open = requested === null ? first : isListed || pinned !== null ? requested : null;
    const messages =
      open === null ? null : await answer(request, `/api/tickets/${open}/messages?mark_read=false`);
    const thread = open === null || messages === null ? null : { ticketId: open, messages };
    return { me, tickets, thread, pinned, firstRun };
  }

  /** The page for a signed-in visitor of /contact, or null when the prerendered page is the answer. */
  return async function signedInContact(request: FastifyRequest): Promise<string | null> {
    if (!fs.existsSync(ssrIndex)) return null;
    const url = new URL(request.url, 'http://localhost');
    // A search (`?q=`) is a list of its own: the browser renders it as before.
    if (url.searchParams.has('q')) return null;
    const { entry, handler } = await load();
    const answers = await answersFor(request, entry);
    if (!answers) return null;
    const state = entry.signedInState(answers);
    if (!state) return null;
    const response = await handler(
      new Request(`http://localhost/contact/${url.search}`, {
        headers: { 'user-agent': request.headers['user-agent'] ?? '' },
      }),
      { signedInContact: state },
    );
    if (response.status !== 200) throw new Error(`the render answered ${response.status}`);
    const [rendered, prerendered] = await Promise.all([
      response.text(),
      fsp.readFile(prerenderedFile, 'utf8'),
    ]);
    return entry.signedInPage({ prerendered, rendered, state, readAsset });
  };
}
