import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, MACRO_DOCUMENT_MESSAGE, sendErrorMessage } from './error-messages';

const limited = (retryAfter?: number) =>
  new ApiError({ status: 429, code: 'rate_limited', ...(retryAfter ? { retryAfter } : {}) });

describe('"try again later" in words (issue 18)', () => {
  it('says the wait in minutes or hours, never 2851 seconds', () => {
    expect(sendErrorMessage(limited(2851))).toBe(
      'Wysyłasz wiadomości zbyt szybko. Spróbuj ponownie za 48 min.',
    );
    expect(errorMessage('login', limited(2851))).toBe(
      'Zbyt wiele prób. Spróbuj ponownie za 48 min.',
    );
    expect(errorMessage('forgotPassword', limited(7200))).toBe(
      'Zbyt wiele prób. Spróbuj ponownie za 2 godz.',
    );
    expect(errorMessage('register', limited(2851))).not.toMatch(/sekund/);
  });

  it('keeps „za chwilę” when the server gives no time', () => {
    expect(errorMessage('login', limited())).toBe('Zbyt wiele prób. Spróbuj ponownie za chwilę.');
  });

  it('explains a refused macro document', () => {
    const macro = new ApiError({
      status: 415,
      code: 'unsupported_file_type',
      details: { reason: 'macro' },
    });
    expect(sendErrorMessage(macro)).toBe(MACRO_DOCUMENT_MESSAGE);
    expect(
      sendErrorMessage(new ApiError({ status: 415, code: 'unsupported_file_type' })),
    ).toContain('DOCX, XLSX, PPTX, ODT, ODS, ODP');
  });
});
