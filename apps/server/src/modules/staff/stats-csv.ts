import type { StatsAnswer } from '@studio/shared/staff';

/**
 * `GET /api/admin/stats.csv`: the report as Polish Excel opens it — a BOM so
 * the letters are read as UTF-8, semicolons (the comma is Polish Excel's
 * decimal separator), CRLF lines. The days first, then a blank line and the
 * team. A cell a spreadsheet would take for a formula (= + - @, tab, CR) gets
 * a leading apostrophe (OWASP „CSV injection”); usernames are the only free text.
 */
const BOM = '\uFEFF';

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: Array<string | number | null>) => cells.map(cell).join(';');

export function statsCsv(stats: StatsAnswer): string {
  const lines = [
    line(['data', 'utworzone', 'zamknięte']),
    ...stats.per_day.map((day) => line([day.date, day.created, day.closed])),
    '',
    line([
      'osoba',
      'odpowiedzi',
      'zamknięte',
      'pierwsza odpowiedź – mediana (s)',
      'rozwiązanie – mediana (s)',
    ]),
    ...stats.per_agent.map((agent) =>
      line([
        agent.username,
        agent.replies,
        agent.closed,
        agent.first_response_seconds.p50,
        agent.resolution_seconds.p50,
      ]),
    ),
  ];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** `raport-2026-03-01-2026-03-30.csv`: the period's first and last day. */
export const statsCsvFilename = (stats: Pick<StatsAnswer, 'from' | 'to'>) =>
  `raport-${stats.from}-${stats.to}.csv`;
