import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '~/lib/api-client';
import {
  CLOSED_TICKET_MESSAGE,
  NETWORK_SEND_MESSAGE,
  RATE_LIMITED_SEND_MESSAGE,
  SEND_FAILED_MESSAGE,
  sendErrorMessage,
  TICKET_CODE_MESSAGES,
} from '~/lib/error-messages';

describe('send error messages', () => {
  it('maps every upload error code to Polish', () => {
    const cases: [ApiError, string][] = [
      [new ApiError({ status: 403, code: 'ticket_closed' }), CLOSED_TICKET_MESSAGE],
      [
        new ApiError({ status: 400, code: 'too_many_files' }),
        'Możesz dołączyć maksymalnie 5 plików do jednej wiadomości.',
      ],
      [new ApiError({ status: 413, code: 'file_too_large' }), 'Plik nie może być większy niż 8MB'],
      [
        new ApiError({ status: 415, code: 'unsupported_file_type' }),
        'Nieobsługiwany typ pliku. Dozwolone: PNG, JPG, JPEG, WEBP, PDF, TXT, ZIP, DOCX, XLSX, PPTX, ODT, ODS, ODP.',
      ],
      [new ApiError({ status: 429, code: 'rate_limited' }), RATE_LIMITED_SEND_MESSAGE],
      [new ApiError({ status: 500, code: 'internal' }), SEND_FAILED_MESSAGE],
    ];
    for (const [error, text] of cases) expect(sendErrorMessage(error)).toBe(text);
    expect(CLOSED_TICKET_MESSAGE).toBe('Ten ticket jest zamknięty. Nie możesz pisać wiadomości.');
  });

  it('says how long to wait when the server tells', () => {
    const wait = (s: number) =>
      sendErrorMessage(new ApiError({ status: 429, code: 'rate_limited', retryAfter: s }));
    expect(wait(1)).toContain('za 1 sekundę');
    expect(wait(3)).toContain('za 3 sekundy');
    expect(wait(12)).toContain('za 12 sekund');
    expect(wait(22)).toContain('za 22 sekundy');
  });

  it('words the codes other screens share (quota, a full ticket, a busy server)', () => {
    for (const [code, status] of [
      ['quota_exceeded', 413],
      ['ticket_full', 409],
      ['service_unavailable', 503],
    ] as const) {
      const text = sendErrorMessage(new ApiError({ status, code }));
      expect(text).toBe(TICKET_CODE_MESSAGES[code]);
    }
  });

  it('explains a network failure and that a retry is safe', () => {
    expect(sendErrorMessage(new NetworkError())).toBe(NETWORK_SEND_MESSAGE);
    expect(sendErrorMessage(new Error('x'))).toBe(SEND_FAILED_MESSAGE);
  });
});
