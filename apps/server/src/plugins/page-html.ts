import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  phoneHref,
  STUDIO_FIELDS,
  STUDIO_PLACEHOLDERS,
  type StudioDetails,
} from '@studio/shared/studio-details';
import { escapeHtml } from '../lib/escape-html';
import { inlineScriptHashesOf } from './security-headers';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The head tags that carry the site's absolute address. The pages are
 * prerendered at build time, so these hold the build's address; the server
 * writes its own PUBLIC_URL into them, since one build runs under any domain.
 */
const ABSOLUTE_URL_TAG =
  /<(?:link|meta)\b[^>]*?\b(?:rel="canonical"|property="og:(?:url|image)"|name="twitter:image")[^>]*>/g;
const URL_ATTRIBUTE = /\b(href|content)="https?:\/\/[^/"]*/;

/** The page with the origin of its canonical, og:url, og:image and twitter:image replaced by publicUrl. */
export function withPublicUrl(html: string, publicUrl: string): string {
  const base = escapeHtml(publicUrl.replace(/\/+$/, ''));
  return html.replace(ABSOLUTE_URL_TAG, (tag) =>
    tag.replace(URL_ATTRIBUTE, (_match, attribute: string) => `${attribute}="${base}`),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Script elements are sent as built: the details are page text, and the scripts' CSP hashes stay as the build made them. */
const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script>/g;

/**
 * The page with the studio's details (DESIGN §7.10) in place of the
 * placeholders the build prerendered (packages/shared/src/studio-details.ts):
 * in the text, in the `mailto:` and `tel:` links and in the `studio-*` meta
 * tags the browser reads them back from (apps/web/src/content/company.ts).
 * One pass, so a value that happens to hold another placeholder is kept as it is.
 */
export function withStudioDetails(html: string, studio: StudioDetails): string {
  const replacements = new Map<string, string>([
    [phoneHref(STUDIO_PLACEHOLDERS.phone), escapeHtml(phoneHref(studio.phone))],
    ...STUDIO_FIELDS.map(
      (field) => [STUDIO_PLACEHOLDERS[field], escapeHtml(studio[field])] as const,
    ),
  ]);
  const placeholder = new RegExp(
    [...replacements.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  const fill = (text: string) =>
    text.replace(placeholder, (found) => replacements.get(found) ?? found);
  let out = '';
  let last = 0;
  for (const script of html.matchAll(SCRIPT_ELEMENT)) {
    out += fill(html.slice(last, script.index)) + script[0];
    last = script.index + script[0].length;
  }
  return out + fill(html.slice(last));
}

export type Encoding = 'br' | 'gzip' | null;

/** The encoding the client accepts (brotli first) among those `available`. */
function preferredEncoding(
  acceptEncoding: string | undefined,
  available: (encoding: 'br' | 'gzip') => boolean,
): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q?.trim() !== 'q=0')
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br') && available('br')) return 'br';
  if (accepted.has('gzip') && available('gzip')) return 'gzip';
  return null;
}

/** The precompressed copy of a page the client accepts (brotli first), or the page itself. */
export function compressedVariant(
  file: string,
  acceptEncoding: string | undefined,
): { file: string; encoding: Encoding } {
  const suffix = { br: '.br', gzip: '.gz' } as const;
  const encoding = preferredEncoding(acceptEncoding, (e) => fs.existsSync(file + suffix[e]));
  return { file: encoding ? file + suffix[encoding] : file, encoding };
}

/** A page as served: rewritten once, compressed once, kept until its file changes. */
interface ServedPage {
  version: string;
  content: Promise<{
    /** null: the build already holds PUBLIC_URL and the details, so its own files (and precompressed copies) are sent. */
    bodies: Record<'br' | 'gzip' | 'plain', Buffer> | null;
    /** Its Content-Security-Policy, naming the inline scripts of the page as sent. */
    policy: string;
  }>;
}

async function rewrite(
  file: string,
  site: { publicUrl: string; studio: StudioDetails },
  policyFor: (scriptHashes: string[]) => string,
) {
  const html = await fsp.readFile(file, 'utf8');
  const rewritten = withStudioDetails(withPublicUrl(html, site.publicUrl), site.studio);
  // Hashed from what is sent, so no rewriting can ever leave a script the policy does not name.
  const policy = policyFor(inlineScriptHashesOf(rewritten));
  if (rewritten === html) return { bodies: null, policy };
  const plain = Buffer.from(rewritten);
  // Off the event loop (zlib's thread pool), once per page and build.
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzip(plain, { level: 9 }),
  ]);
  return { bodies: { br, gzip: gz, plain }, policy };
}

/**
 * Serves prerendered pages with the runtime PUBLIC_URL and the studio's
 * details: each file is read and
 * rewritten at its first request and kept in memory while its size and time
 * stay the same (a rebuild under a running server is picked up), so a request
 * costs one stat, not a regex over the page. `policyFor` makes a page's
 * Content-Security-Policy from its inline scripts' hashes, once per page too.
 */
export function createPageCache(
  site: { publicUrl: string; studio: StudioDetails },
  policyFor: (scriptHashes: string[]) => string,
) {
  const pages = new Map<string, ServedPage>();
  return async function servedPage(
    file: string,
    acceptEncoding: string | undefined,
  ): Promise<{ body: Buffer; encoding: Encoding; policy: string }> {
    const stat = await fsp.stat(file);
    const version = `${stat.size}:${stat.mtimeMs}`;
    let page = pages.get(file);
    if (page?.version !== version) {
      page = { version, content: rewrite(file, site, policyFor) };
      pages.set(file, page);
      page.content.catch(() => pages.delete(file));
    }
    const { bodies, policy } = await page.content;
    if (!bodies) {
      const variant = compressedVariant(file, acceptEncoding);
      const body = await fsp.readFile(variant.file);
      return { body, encoding: variant.encoding, policy };
    }
    const encoding = preferredEncoding(acceptEncoding, () => true);
    return { body: bodies[encoding ?? 'plain'], encoding, policy };
  };
}
