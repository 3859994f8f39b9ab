/** Answers of the tickets API, built typed by the shared contract (@studio/shared/tickets). */
import type { FileAttachment, TicketItem, TicketMessage } from '@studio/shared/tickets';
import { cleanFilename } from '../../files/index';

export type FileDto = FileAttachment;
export type MessageDto = TicketMessage;
export type TicketDto = TicketItem;

/** Shown for messages whose author's account no longer exists. */
export const DELETED_USER = 'Usunięty użytkownik';

const PREVIEW_CHARS = 140;

export function toFileDto(f: {
  id: string;
  filename: string;
  mimetype: string;
  size: number;
  isImage: boolean;
  width: number | null;
  height: number | null;
  thumbnailKey: string | null;
}): FileDto {
  return {
    id: f.id,
    url: `/api/files/${f.id}`,
    // Rows stored before names were tied to the type follow the rule when listed.
    filename: cleanFilename(f.filename, f.mimetype),
    mimetype: f.mimetype,
    size: f.size,
    isImage: f.isImage,
    ...(f.thumbnailKey ? { thumbnailUrl: `/api/files/${f.id}/thumbnail` } : {}),
    ...(f.width !== null ? { width: f.width } : {}),
    ...(f.height !== null ? { height: f.height } : {}),
  };
}

export function toMessageDto(m: {
  id: number;
  ticketId: number;
  authorId: number | null;
  username: string | null | undefined;
  isAdmin: boolean;
  body: string;
  createdAt: Date;
  files: FileDto[];
  internal: boolean;
  emailSender: 'verified' | 'unverified' | null;
}): MessageDto {
  return {
    id: m.id,
    ticket_id: m.ticketId,
    user_id: m.authorId,
    username: m.username ?? DELETED_USER,
    is_admin: m.isAdmin,
    body: m.body,
    created_at: m.createdAt.toISOString(),
    files: m.files,
    internal: m.internal,
    email_sender: m.emailSender,
  };
}

/** The list's one-line preview: the text, or the file names of a message without text. */
export function messagePreview(body: string, filenames: readonly string[]): string {
  return body
    ? body.replace(/\s+/g, ' ').slice(0, PREVIEW_CHARS)
    : filenames.join(', ').slice(0, PREVIEW_CHARS);
}
