import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '../../storage/storage';
import { requireUser } from '../auth/guards';
import { createTicketsService } from '../tickets/index';
import { contentDisposition } from './disposition';

/**
 * Attachments are served so that even a hostile file cannot act as a page of
 * ours: the type is the one we detected, the browser may not sniff another,
 * the CSP sandboxes it, and only images are shown inline.
 */
export async function fileRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  const service = createTicketsService(app.deps, options.storage);

  const serve = (thumbnail: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await requireUser(request, reply);
    const { id } = request.params as { id: string };
    const { file, data } = await service.readFile({
      actor: { id: user.id, isAdmin: user.isAdmin },
      fileId: id,
      thumbnail,
    });
    const etag = thumbnail ? `"${file.sha256.slice(0, 32)}-t"` : `"${file.sha256.slice(0, 32)}"`;
    const mimetype = thumbnail
      ? 'image/webp'
      : file.mimetype === 'text/plain'
        ? 'text/plain; charset=utf-8'
        : file.mimetype;
    reply
      .header('Content-Type', mimetype)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      // Revalidated on every use, so a deleted ticket's file stops showing at once.
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      .header(
        'Content-Disposition',
        contentDisposition(file.isImage ? 'inline' : 'attachment', file.filename),
      );

    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

    const range = request.headers.range;
    const ifRange = request.headers['if-range'];
    if (range && (ifRange === undefined || ifRange === etag)) {
      const parsed = parseRange(range, data.length);
      if (parsed === 'invalid') {
        return reply.code(416).header('Content-Range', `bytes */${data.length}`).send();
      }
      if (parsed) {
        return reply
          .code(206)
          .header('Content-Range', `bytes ${parsed.start}-${parsed.end}/${data.length}`)
          .send(data.subarray(parsed.start, parsed.end + 1));
      }
    }
    return reply.send(data);
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
