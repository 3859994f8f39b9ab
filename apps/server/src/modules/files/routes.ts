import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/errors';
import type { FileStorage } from '../../storage/storage';
import { requireUser } from '../auth/index';
import { contentDisposition } from './disposition';
import { cleanFilename } from './filename';
import { findVisibleFile } from './find-file';

const THUMBNAIL_TYPE = 'image/webp';

/**
 * Attachments are served so that even a hostile file cannot act as a page of
 * ours: the type is the one we detected, the browser may not sniff another,
 * the CSP sandboxes it, and only images are shown inline.
 *
 * The bytes are streamed, and only once the answer needs them: a matching
 * `If-None-Match` is answered 304 from the row alone, and a `Range` reads just
 * its part (finding 28).
 */
export async function fileRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  const { storage } = options;
  const { db } = app.deps;

  const serve = (thumbnail: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await requireUser(request, reply);
    const { id } = request.params as { id: string };
    const file = await findVisibleFile(db, user, id);
    const key = thumbnail ? file.thumbnailKey : file.storageKey;
    if (!key) throw notFound();
    const etag = thumbnail ? `"${file.sha256.slice(0, 32)}-t"` : `"${file.sha256.slice(0, 32)}"`;
    const type = thumbnail ? THUMBNAIL_TYPE : file.mimetype;
    reply
      .header('Content-Type', type === 'text/plain' ? 'text/plain; charset=utf-8' : type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      // Nothing kept on a shared computer's disk (finding 34); see docs/security.md for thumbnails.
      .header('Cache-Control', 'private, no-store')
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      .header(
        'Content-Disposition',
        // The name of old rows is cleaned here too, and a thumbnail is named for what it is.
        contentDisposition(
          file.isImage ? 'inline' : 'attachment',
          cleanFilename(file.filename, type),
        ),
      );

    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

    const size = await storage.size(db, key);
    if (size === null) throw new AppError(500, 'internal');
    const range = request.headers.range;
    const ifRange = request.headers['if-range'];
    if (range && (ifRange === undefined || ifRange === etag)) {
      const parsed = parseRange(range, size);
      if (parsed === 'invalid') {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      }
      if (parsed) {
        return reply
          .code(206)
          .header('Content-Range', `bytes ${parsed.start}-${parsed.end}/${size}`)
          .header('Content-Length', parsed.end - parsed.start + 1)
          .send(storage.stream(db, key, parsed));
      }
    }
    return reply.header('Content-Length', size).send(storage.stream(db, key));
  };

  app.get('/api/files/:id', serve(false));
  app.get('/api/files/:id/thumbnail', serve(true));
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** One byte range (`bytes=a-b`, `a-`, `-n`); several ranges are answered with the whole file. */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  const match = header.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, a = '', b = ''] = match;
  if (!a && !b) return 'invalid';
  let start: number;
  let end: number;
  if (!a) {
    const suffix = Number(b);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b ? Math.min(Number(b), size - 1) : size - 1;
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}
