import type { StatsPeriod } from '@studio/shared/staff';
import { statsSearch } from '@studio/shared/staff';
import { api, isApiError, isNetworkError } from '~/lib/api-client';
import { SESSION_EXPIRED_MESSAGE } from '~/lib/error-messages';
import { saveFile } from '~/lib/save-file';

/**
 * „Pobierz CSV”: the file is fetched first and saved only when the server
 * answered it. A plain link would save whatever came back — after the session
 * expired, a JSON error named raport.csv.
 */
export async function downloadReport(period: StatsPeriod): Promise<void> {
  const { blob, filename } = await api.download(`/api/admin/stats.csv?${statsSearch(period)}`);
  saveFile(blob, filename ?? 'raport.csv');
}

/** Why the CSV did not come, in Polish. */
export function reportDownloadErrorMessage(error: unknown): string {
  if (isNetworkError(error)) {
    return 'Nie udało się pobrać raportu. Sprawdź połączenie z internetem i spróbuj ponownie.';
  }
  if (isApiError(error) && error.code === 'unauthorized') return `${SESSION_EXPIRED_MESSAGE}.`;
  if (isApiError(error) && error.code === 'forbidden') {
    return 'Nie masz już uprawnień do raportów.';
  }
  return 'Nie udało się pobrać raportu. Spróbuj ponownie.';
}
