import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '~/lib/api-client';
import { listLoadErrorText } from './list-load-error';

describe('listLoadErrorText', () => {
  it('says that searches came too fast, and when to try again', () => {
    const text = listLoadErrorText(
      new ApiError({ status: 429, code: 'rate_limited', retryAfter: 20 }),
    );
    expect(text).toMatch(/^Za dużo wyszukiwań w krótkim czasie\. Spróbuj ponownie /);
  });

  it('gives the general failure for anything else', () => {
    expect(listLoadErrorText(new ApiError({ status: 500, code: 'unknown' }))).toBe(
      'Nie udało się wczytać zgłoszeń.',
    );
    expect(listLoadErrorText(new NetworkError())).toBe('Nie udało się wczytać zgłoszeń.');
  });
});
