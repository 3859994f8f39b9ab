import { MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE, MESSAGE_BODY_MAX } from '@studio/shared/limits';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import { type PreparedFile, prepareFile } from '../files/index';
import type { NewMessageInput } from './service/context';

const BODY_FIELD_BYTES = 64 * 1024;

/**
 * Reads `body` and the files (field `images`, repeated) of a message while the
 * request streams in. Busboy enforces the limits as bytes arrive: a sixth file
 * or a file over 8 MiB stops the upload before it is held in full, and nothing
 * is written anywhere until every part has been read and checked.
 * `admitFiles` runs once, when the first file part arrives, before any of its
 * bytes are held: it may refuse (uploads in flight, storage quota).
 */
export async function readMessageUpload(
  request: FastifyRequest,
  admitFiles: () => Promise<void> = async () => {},
): Promise<NewMessageInput> {
  if (!request.isMultipart()) {
    // A JSON body is accepted for text-only messages (scripts, tests).
    const json = (request.body ?? {}) as Record<string, unknown>;
    const customer = customerFields(json.customer_email, json.customer_name);
    return {
      body: cleanBody(json.body),
      files: [],
      internal: isInternal(json.internal),
      ...(customer ? { customer } : {}),
    };
  }
  let body = '';
  let internal = false;
  const fields: { customer_email?: unknown; customer_name?: unknown } = {};
  const files: PreparedFile[] = [];
  let admitted = false;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: MAX_FILE_BYTES,
        files: MAX_FILES_PER_MESSAGE,
        fields: 20,
        fieldSize: BODY_FIELD_BYTES,
        parts: 40,
      },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'internal') internal = isInternal(part.value);
        if (part.fieldname === 'customer_email' || part.fieldname === 'customer_name') {
          fields[part.fieldname] = part.value;
        }
        if (part.fieldname !== 'body') continue;
        if (part.valueTruncated) throw bodyTooLong();
        body = cleanBody(part.value);
        continue;
      }
      if (!admitted) {
        admitted = true;
        await admitFiles();
      }
      // toBuffer() throws once the part passes the size limit, having kept at most that much.
      const data = await part.toBuffer();
      if (part.file.truncated) throw fileTooLarge();
      if (data.length === 0 && !part.filename) continue;
      files.push(await prepareFile(data, part.filename));
    }
  } catch (error) {
    throw mapUploadError(error);
  }
  const customer = customerFields(fields.customer_email, fields.customer_name);
  return { body, files, internal, ...(customer ? { customer } : {}) };
}

/**
 * Whose ticket staff open (DESIGN.md §7.9), as sent: checked by createTicket,
 * which refuses a customer first. An empty address means none was given.
 */
function customerFields(email: unknown, name: unknown): NewMessageInput['customer'] {
  if (email === undefined || email === null || email === '') return undefined;
  if (typeof email !== 'string' || (name !== undefined && typeof name !== 'string')) {
    throw badRequest('validation_failed', [{ path: 'customer_email', message: 'string' }]);
  }
  return { email, ...(typeof name === 'string' ? { name } : {}) };
}

/** `internal` is `true` (text in a form, a boolean in JSON) or absent; anything else is refused. */
function isInternal(value: unknown): boolean {
  if (value === undefined || value === null || value === 'false' || value === false) return false;
  if (value === 'true' || value === true) return true;
  throw badRequest('validation_failed', [{ path: 'internal', message: 'boolean' }]);
}

function cleanBody(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string')
    throw badRequest('validation_failed', [{ path: 'body', message: 'string' }]);
  const trimmed = value.trim();
  if (trimmed.length > MESSAGE_BODY_MAX) throw bodyTooLong();
  return trimmed;
}

const bodyTooLong = () => badRequest('validation_failed', [{ path: 'body', message: 'too_long' }]);
const fileTooLarge = () => new AppError(413, 'file_too_large');

function mapUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest('too_many_files');
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return badRequest('validation_failed');
  }
  // A broken or aborted multipart body: the client gets a 400 if it is still listening.
  if (error instanceof Error && /multipart|terminated|Unexpected end/i.test(error.message)) {
    return badRequest('validation_failed', [{ path: 'body', message: 'bad_multipart' }]);
  }
  return error;
}
