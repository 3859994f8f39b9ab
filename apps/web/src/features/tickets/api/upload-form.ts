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
  /** Staff's ticket for a caller (DESIGN.md §7.9): sent as `customer_email` / `customer_name`. */
  customer?: { email: string; name?: string; label: string };
}

export function messageFormData({
  body,
  files,
  internal,
  customer,
}: Pick<MessageUpload, 'body' | 'files' | 'internal' | 'customer'>): FormData {
  const form = new FormData();
  form.append('body', body);
  if (internal) form.append('internal', 'true');
  if (customer) {
    form.append('customer_email', customer.email);
    if (customer.name) form.append('customer_name', customer.name);
  }
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
