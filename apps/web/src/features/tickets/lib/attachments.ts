/**
 * Message attachments as the thread shows them (SPEC.md §3). Messages written
 * before files other than images were allowed carry an `images` field instead
 * of `files`, and both may arrive either as an array or as a JSON string, so
 * everything the API sends goes through here before a component sees it.
 */

import {
  FileAttachmentSchema,
  TicketMessageSchema,
  type TicketMessage as WireMessage,
} from '@studio/shared/tickets';
import { z } from 'zod';

/*
 * Raw records are first brought to the current shape (the preprocessing below),
 * then checked with the shared contract, so a field renamed on the server fails
 * the typecheck here.
 */

/** What the thread shows of an attachment; image dimensions are not needed there. */
const AttachmentSchema = FileAttachmentSchema.omit({ width: true, height: true });
export type Attachment = z.infer<typeof AttachmentSchema>;

/** A message as the thread keeps it: no `ticket_id`, and a deleted author is user 0. */
const ThreadMessageSchema = TicketMessageSchema.omit({ ticket_id: true }).extend({
  user_id: z.number(),
  files: z.array(AttachmentSchema),
} satisfies Partial<Record<keyof WireMessage, z.ZodType>>);
export type TicketMessage = z.infer<typeof ThreadMessageSchema>;

/** Old image-only records say nothing about their type; they were stored as JPEG. */
const LEGACY_IMAGE_MIMETYPE = 'image/jpeg';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array, a JSON string holding an array, or nothing usable (→ empty list). */
export function toArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

function stringField(record: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

function fileNameFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter(Boolean).pop();
  if (!last) return 'plik';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * One attachment from either shape. `legacyImage` marks entries that came from
 * the old `images` field: those are images even when nothing else says so.
 * Returns null for entries without a URL, since there is nothing to show.
 */
export function normalizeAttachment(
  raw: unknown,
  index: number,
  legacyImage: boolean,
): Attachment | null {
  const record: Record<string, unknown> | null =
    typeof raw === 'string' ? { url: raw } : isRecord(raw) ? raw : null;
  if (!record) return null;
  const url = stringField(record, 'url', 'path', 'src');
  if (!url) return null;

  const givenMimetype = stringField(record, 'mimetype', 'mimeType', 'type');
  const mimetype =
    givenMimetype ?? (legacyImage ? LEGACY_IMAGE_MIMETYPE : 'application/octet-stream');
  const isImage =
    typeof record.isImage === 'boolean'
      ? record.isImage
      : legacyImage || mimetype.startsWith('image/');
  const size = Number(record.size);
  const thumbnailUrl = stringField(record, 'thumbnailUrl', 'thumbnail_url');

  const parsed = AttachmentSchema.safeParse({
    id: stringField(record, 'id') ?? `${index}-${url}`,
    url,
    filename: stringField(record, 'filename', 'name', 'originalName') ?? fileNameFromUrl(url),
    mimetype,
    size: Number.isSafeInteger(size) && size >= 0 ? size : 0,
    isImage,
    ...(thumbnailUrl ? { thumbnailUrl } : {}),
  } satisfies Attachment);
  return parsed.success ? parsed.data : null;
}

/**
 * The attachments of one raw message: `files` when it has any, otherwise the
 * legacy `images` field.
 */
export function parseAttachments(raw: { files?: unknown; images?: unknown }): Attachment[] {
  const files = toArray(raw.files);
  const source = files.length > 0 ? files : toArray(raw.images);
  const isLegacy = files.length === 0;
  const result: Attachment[] = [];
  source.forEach((entry, index) => {
    const attachment = normalizeAttachment(entry, index, isLegacy);
    if (attachment) result.push(attachment);
  });
  return result;
}

/** A raw message from the API, tolerant of missing or oddly typed fields. */
export function parseMessage(raw: unknown): TicketMessage | null {
  if (!isRecord(raw)) return null;
  const parsed = ThreadMessageSchema.safeParse({
    id: Number(raw.id),
    user_id: Number(raw.user_id) || 0,
    username: typeof raw.username === 'string' ? raw.username : '',
    is_admin: raw.is_admin === true || raw.is_admin === 1 || raw.is_admin === 'true',
    body: typeof raw.body === 'string' ? raw.body : '',
    created_at: typeof raw.created_at === 'string' ? raw.created_at : '',
    files: parseAttachments(raw),
    // Only a plain `true` marks a note: anything else is shown as an ordinary message.
    internal: raw.internal === true,
    // Staff only (the server sends null to customers): how sure the e-mail's sender is.
    email_sender:
      raw.email_sender === 'verified' || raw.email_sender === 'unverified'
        ? raw.email_sender
        : null,
  } satisfies TicketMessage);
  // Without a usable id the message cannot be keyed or deduplicated: it is skipped.
  return parsed.success ? parsed.data : null;
}

export function parseMessages(raw: unknown): TicketMessage[] {
  const list = isRecord(raw) ? toArray(raw.messages) : toArray(raw);
  const result: TicketMessage[] = [];
  for (const entry of list) {
    const message = parseMessage(entry);
    if (message) result.push(message);
  }
  return result;
}

/** Human file size in Polish notation (comma decimal separator). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace('.', ',');
  return `${rounded} ${units[unit]}`;
}
