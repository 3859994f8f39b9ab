import { describe, expect, it } from 'vitest';
import { isKnownRoute } from './routes';

describe('isKnownRoute', () => {
  it('knows public and client routes, with or without a trailing slash', () => {
    expect(isKnownRoute('/')).toBe(true);
    expect(isKnownRoute('/team/')).toBe(true);
    expect(isKnownRoute('/profile/mfa/enable')).toBe(true);
  });
  it('rejects unknown paths', () => {
    expect(isKnownRoute('/nope')).toBe(false);
    expect(isKnownRoute('/team/extra')).toBe(false);
  });
});
