import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { SignedInContactAnswers, SignedInContactPlan } from '@studio/shared/server-render';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  createRequestHandler,
  type EntryContext,
  ServerRouter,
} from 'react-router';
import { signedInContactPlan, signedInContactState } from './features/tickets/lib/server-render';
import { type ServerState, ServerStateProvider } from './lib/session';

/*
 * React Router's own server entry (its default, for the prerendering at build
 * time), with one addition: the server renders the signed-in Kontakt screen
 * from the state it passes as `signedInContact` in the load context (issue 34,
 * lib/session.ts ServerState). The server keeps this build (vite.config.ts
 * keepServerBuild) and calls the two exports below; everything else is
 * prerendered exactly as before.
 */

export const streamTimeout = 5_000;

/** The page the server sends: the prerendered /contact with the render spliced in. */
export { signedInPage } from './app/signed-in-page';
/** React Router's request handler for this build (the server has no copy of react-router of its own). */
export { createRequestHandler };

/** What the server reads for the screen of the visitor `me` describes, or null. */
export function signedInPlan(me: unknown): SignedInContactPlan | null {
  return signedInContactPlan(me);
}

/** The state to render the signed-in Kontakt screen from, or null when the answers are not a signed-in visitor's. */
export function signedInState(answers: SignedInContactAnswers): ServerState | null {
  return signedInContactState(answers);
}

function serverStateOf(loadContext: AppLoadContext | undefined): ServerState | null {
  const state = (loadContext as { signedInContact?: ServerState } | undefined)?.signedInContact;
  return state ?? null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const serverState = serverStateOf(loadContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots, SPA mode and the signed-in screen wait for all content (the screen's
    // lazy parts), so the page is whole without streaming.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || serverState
        ? 'onAllReady'
        : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const app = <ServerRouter context={routerContext} url={request.url} />;
    const { pipe, abort } = renderToPipeableStream(
      serverState ? <ServerStateProvider value={serverState}>{app}</ServerStateProvider> : app,
      {
        // The screen inline, whatever its size: React would otherwise send a large
        // boundary after the shell, revealed by an inline script the CSP refuses.
        ...(serverState ? { progressiveChunkSize: Number.MAX_SAFE_INTEGER } : {}),
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
