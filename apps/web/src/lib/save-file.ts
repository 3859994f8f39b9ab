/** How long the object URL of a saved file lives: the browser reads it after the click returns. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Hands a Blob to the browser's "save file" through an object URL and a
 * temporary <a download> (the data export, a signature PNG). The URL is
 * revoked later, not at once: some browsers start reading it only after
 * click() has returned.
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  }
}
