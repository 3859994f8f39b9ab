import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { passkeyErrorMessage } from './error-messages';
import { defaultPasskeyName } from './passkeys';

describe('defaultPasskeyName', () => {
  it('names the browser and system the passkey is made in', () => {
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome, Windows');
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari, iOS');
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 EdgA/131.0',
      ),
    ).toBe('Chrome, Android');
    expect(
      defaultPasskeyName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox, Linux');
    expect(defaultPasskeyName('')).toBe('Klucz dostępu');
  });
});

describe('passkeyErrorMessage', () => {
  it("reads the browser's refusals in Polish: cancel and timeout are one NotAllowedError", () => {
    const refusal = (name: string) => new DOMException('x', name);
    expect(passkeyErrorMessage('passkeySignIn', refusal('NotAllowedError'))).toBe(
      'Anulowano albo minął czas na potwierdzenie klucza dostępu. Spróbuj ponownie.',
    );
    expect(passkeyErrorMessage('passkeyProfile', refusal('InvalidStateError'))).toBe(
      'Ten klucz dostępu jest już dodany do Twojego konta.',
    );
    expect(passkeyErrorMessage('passkeySignIn', new Error('strange'))).toBe('Błąd logowania');
  });

  it("maps the server's codes, the network and 429", () => {
    const api = (status: number, code: ApiError['code']) => new ApiError({ status, code });
    expect(passkeyErrorMessage('passkeySignIn', api(400, 'invalid_passkey'))).toBe(
      'Nie udało się zalogować tym kluczem dostępu. Spróbuj ponownie.',
    );
    expect(passkeyErrorMessage('passkeyProfile', api(400, 'too_many_passkeys'))).toBe(
      'Masz już 20 kluczy dostępu. Usuń jeden, aby dodać nowy.',
    );
    expect(passkeyErrorMessage('passkeyProfile', api(409, 'duplicate'))).toBe(
      'Ten klucz dostępu jest już dodany do Twojego konta.',
    );
    expect(passkeyErrorMessage('passkeySignIn', api(429, 'rate_limited'))).toBe(
      'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
    );
    expect(passkeyErrorMessage('passkeySignIn', new NetworkError())).toBe('Błąd sieci');
  });
});
