import type { UploadProgress } from '~/lib/api-client';

/** What every multipart send of a message carries (SPEC.md §7: `body` and repeated `images`). */
export interface MessageUpload {
  body: string;
  files: readonly File[];
  /** Same value for a retry of the same send, so the server stores the message once. */
  idempotencyKey: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** An internal note (staff only, DESIGN.md §7.2): sent as the field `internal=true`. */
  internal?: boolean;
}

export function messageFormData({
  body,
  files,
  internal,
}: Pick<MessageUpload, 'body' | 'files' | 'internal'>): FormData {
  const form = new FormData();
  form.append('body', body);
  if (internal) form.append('internal', 'true');
  for (const file of files) form.append('images', file, file.name);
  return form;
}

export function uploadOptions({ idempotencyKey, onProgress, signal }: MessageUpload) {
  return {
    headers: { 'Idempotency-Key': idempotencyKey },
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  };
}
