import { api, type DownloadedFile } from '~/lib/api-client';

/*
 * 'Pobierz moje dane' (docs/decisions/006-account-data.md): a ZIP of
 * everything kept about the user, fetched with the session cookie.
 */

/** Used when the server names no file (it always does today). */
export const EXPORT_FALLBACK_NAME = 'moje-dane.zip';

/** How long the object URL of a saved file lives: the browser reads it after the click returns. */
const OBJECT_URL_LIFETIME_MS = 60_000;

export const downloadMyData = (): Promise<DownloadedFile> => api.download('/api/profile/export');

/**
 * Hands a downloaded Blob to the browser's "save file" through an object URL
 * and a temporary <a download>. The URL is revoked later, not at once: some
 * browsers start reading it only after click() has returned.
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

/** 'Pobierz moje dane': fetches the ZIP with the session cookie and saves it. */
export async function exportMyData(): Promise<string> {
  const { blob, filename } = await downloadMyData();
  const name = filename ?? EXPORT_FALLBACK_NAME;
  saveFile(blob, name);
  return name;
}
