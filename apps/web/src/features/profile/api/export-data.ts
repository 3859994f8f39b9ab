import { api, type DownloadedFile } from '~/lib/api-client';
import { saveFile } from '~/lib/save-file';

/*
 * 'Pobierz moje dane' (docs/decisions/006-account-data.md): a ZIP of
 * everything kept about the user, fetched with the session cookie and
 * confirmed with the account's password (a POST, DESIGN.md §7.3).
 */

/** Used when the server names no file (it always does today). */
export const EXPORT_FALLBACK_NAME = 'moje-dane.zip';

export const downloadMyData = (password: string): Promise<DownloadedFile> =>
  api.download('/api/profile/export', { json: { password } });

/** 'Pobierz moje dane': fetches the ZIP with the session cookie and the password, and saves it. */
export async function exportMyData(password: string): Promise<string> {
  const { blob, filename } = await downloadMyData(password);
  const name = filename ?? EXPORT_FALLBACK_NAME;
  saveFile(blob, name);
  return name;
}
