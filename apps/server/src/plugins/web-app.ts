import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isKnownRoute } from '@studio/shared/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createPageCache, withPublicUrl, withStudioDetails } from './page-html';
import { contentSecurityPolicy, inlineScriptHashesOf } from './security-headers';
import { createSignedInContact, hasSessionCookie } from './signed-in-contact';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Served from the build as it is, although it is HTML (allowedPath below). */
const OFFLINE_PAGE = /^\/offline\.html(\.br|\.gz)?$/;
const MANIFEST_TYPE = 'application/manifest+json';
/**
 * Checked with the server on every use instead of kept for an hour: a new
 * service worker must reach every browser on its next visit (the browser
 * checks sw.js at most once a day anyway), and the manifest names the icons.
 */
const REVALIDATED = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * Serves the built web app. Prerendered routes get their own HTML, the other
 * known routes the SPA fallback, and unknown paths the 404 page with status 404.
 */
export async function webApp(app: FastifyInstance) {
  const root = app.deps.config.webDir;
  const hasBuild = fs.existsSync(root);
  const { publicUrl, studio, isHttps } = app.deps.config;
  // Each page is sent with its own inline scripts' hashes only (security-headers.ts says why).
  const servedPage = createPageCache({ publicUrl, studio }, (scriptHashes) =>
    contentSecurityPolicy(scriptHashes, isHttps),
  );

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      redirect: false,
      // The build writes .br and .gz next to every text file (apps/web/scripts/finish-build.ts).
      preCompressed: true,
      // Our setHeaders decides caching; the plugin's own header would override it.
      cacheControl: false,
      // A path ending in '/' is a directory ('/' itself above all): @fastify/static
      // would answer 403, so such paths go to the page handler below instead. A
      // page file is never sent as it lies on disk: it holds the build's address
      // and the placeholders of the studio's details, which only that handler fills in.
      // The offline page (public/offline.html) is the exception: a plain file with
      // no placeholders, fetched by the service worker to show while offline.
      allowedPath: (pathname) =>
        OFFLINE_PAGE.test(pathname) ||
        (!pathname.endsWith('/') && !/\.html(\.br|\.gz)?$/.test(pathname)),
      setHeaders(reply, filePath) {
        // With preCompressed, the file sent may be its .br or .gz twin.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (name === 'manifest.webmanifest') reply.header('Content-Type', MANIFEST_TYPE);
        // Vite puts content-hashed files under assets/: they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (name.endsWith('.html') || REVALIDATED.has(name)) {
          reply.header('Cache-Control', 'no-cache');
        } else {
          reply.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }

  const signedInContact = createSignedInContact(app, root);

  const firstExisting = (names: string[]) =>
    names.map((n) => path.join(root, n)).find((file) => fs.existsSync(file));

  function pageFor(pathname: string): { file: string | undefined; status: number } {
    if (isKnownRoute(pathname)) {
      const trimmed = pathname.replace(/^\/+|\/+$/g, '');
      const prerendered = trimmed ? `${trimmed}/index.html` : 'index.html';
      return {
        file: firstExisting([prerendered, '__spa-fallback.html', 'index.html']),
        status: 200,
      };
    }
    return { file: firstExisting(['404.html', '__spa-fallback.html', 'index.html']), status: 404 };
  }

  /**
   * The signed-in Kontakt screen rendered here (plugins/signed-in-contact.ts),
   * with the site's address and details as every page; null sends the
   * prerendered page: a visitor without a valid session, or a render that
   * failed (logged: the visitor still gets the page, which renders the screen
   * in the browser as before).
   */
  async function renderedContact(request: FastifyRequest): Promise<string | null> {
    try {
      const html = await signedInContact(request);
      return html === null ? null : withStudioDetails(withPublicUrl(html, publicUrl), studio);
    } catch (error) {
      request.log.error(
        { err: error },
        'server rendering of /contact failed; sent the prerendered page',
      );
      return null;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = decodePath(request.url.split('?')[0] ?? '/');
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!isPage || pathname === null) return reply.code(404).send({ error: 'not_found' });
    const { file, status } = pageFor(pathname);
    if (!file) {
      return reply
        .code(status === 200 ? 503 : 404)
        .type('text/plain; charset=utf-8')
        .send('Aplikacja nie została zbudowana. Uruchom: npm run build');
    }
    const acceptEncoding = request.headers['accept-encoding'];
    if (
      request.method === 'GET' &&
      pathname.replace(/\/+$/, '') === '/contact' &&
      hasSessionCookie(request.cookies)
    ) {
      const rendered = await renderedContact(request);
      if (rendered) {
        // Hashed from the page as sent: the prerendered page's scripts and the thread's own (message-thread.tsx).
        const policy = contentSecurityPolicy(inlineScriptHashesOf(rendered), isHttps);
        const page = await compressed(rendered, acceptEncoding);
        if (page.encoding) reply.header('Content-Encoding', page.encoding);
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('Content-Security-Policy', policy)
          .header('Cache-Control', 'private, no-store')
          .header('Vary', 'Accept-Encoding, Cookie')
          .send(page.body);
      }
    }
    const page = await servedPage(file, acceptEncoding);
    if (page.encoding) reply.header('Content-Encoding', page.encoding);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', page.policy)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .send(page.body);
  });
}

/** Compressed for the client: the page differs per visitor, so it is compressed per request (quickly). */
async function compressed(html: string, acceptEncoding: string | undefined) {
  const plain = Buffer.from(html);
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    });
    return { body, encoding: 'br' as const };
  }
  if (/\bgzip\b/.test(accepted)) return { body: await gzip(plain), encoding: 'gzip' as const };
  return { body: plain, encoding: null };
}

function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
