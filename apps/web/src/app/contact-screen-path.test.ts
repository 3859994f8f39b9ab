import { describe, expect, it } from 'vitest';
import { isContactScreenPath } from './contact-screen-path';

describe('isContactScreenPath', () => {
  it('is /contact with or without trailing slashes, never its subpages or other pages', () => {
    expect(isContactScreenPath('/contact')).toBe(true);
    expect(isContactScreenPath('/contact/')).toBe(true);
    expect(isContactScreenPath('/contact/stats')).toBe(false);
    expect(isContactScreenPath('/contact/team')).toBe(false);
    expect(isContactScreenPath('/contacts')).toBe(false);
    expect(isContactScreenPath('/')).toBe(false);
  });
});
