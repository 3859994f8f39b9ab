import { describe, expect, it } from 'vitest';
import {
  aligned,
  emailSender,
  MAX_AUTH_RESULTS_CHARS,
  parseAuthResults,
  trustedResults,
} from './sender-auth';

const mail = (from: string, ...authenticationResults: string[]) => ({
  from,
  headers: { authenticationResults },
});

describe('parseAuthResults (RFC 8601)', () => {
  it('reads Gmail’s header: comments dropped, methods, results and properties', () => {
    const parsed = parseAuthResults(
      'mx.google.com;\r\n       dkim=pass header.i=@example.pl header.s=s1 header.b=Ab/Cd+9;\r\n       spf=pass (google.com: domain of jan@example.pl designates 1.2.3.4 as permitted sender) smtp.mailfrom=jan@example.pl;\r\n       dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=example.pl',
    );
    expect(parsed).toEqual({
      authservId: 'mx.google.com',
      results: [
        {
          method: 'dkim',
          result: 'pass',
          props: { 'header.i': '@example.pl', 'header.s': 's1', 'header.b': 'Ab/Cd+9' },
        },
        { method: 'spf', result: 'pass', props: { 'smtp.mailfrom': 'jan@example.pl' } },
        { method: 'dmarc', result: 'pass', props: { 'header.from': 'example.pl' } },
      ],
    });
  });

  it('takes a version after the id, spaces around =, quoted values, nested comments and "none"', () => {
    expect(
      parseAuthResults(
        'MX.Example.ORG 1; dkim = pass (good (really)) header.d="example.com"; auth=none',
      ),
    ).toEqual({
      authservId: 'mx.example.org',
      results: [
        { method: 'dkim', result: 'pass', props: { 'header.d': 'example.com' } },
        { method: 'auth', result: 'none', props: {} },
      ],
    });
    expect(parseAuthResults('mx.example.org; none')).toEqual({
      authservId: 'mx.example.org',
      results: [],
    });
  });

  it('refuses what is not a header of that kind: empty, a result first, or over the length cap', () => {
    expect(parseAuthResults('')).toBeNull();
    expect(parseAuthResults('dmarc=pass')).toBeNull();
    expect(
      parseAuthResults(`mx.example.org; dmarc=pass ${'x'.repeat(MAX_AUTH_RESULTS_CHARS)}`),
    ).toBeNull();
  });

  it('reads a header of unbalanced parentheses and quotes in linear time', () => {
    const hostile = `mx.example.org; ${'("\\'.repeat(2000)}dmarc=pass`.slice(0, 8000);
    const started = performance.now();
    parseAuthResults(hostile);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('trustedResults: only our receiving server’s header, the topmost one', () => {
  it('reads the topmost header when it carries our id, and nothing below it', () => {
    const headers = [
      'mx.studio.pl; dkim=pass header.d=a.pl',
      'mx.studio.pl; dmarc=pass header.from=b.pl',
      'other.example; dmarc=pass header.from=c.pl',
    ];
    expect(trustedResults(headers, 'MX.studio.pl').map((r) => r.props)).toEqual([
      { 'header.d': 'a.pl' },
    ]);
  });

  it('trusts nothing when the topmost header is another server’s (a forged one below is not read)', () => {
    expect(
      trustedResults(
        ['mx.google.com; dmarc=fail', 'mx.studio.pl; dmarc=pass header.from=a.pl'],
        'mx.studio.pl',
      ),
    ).toEqual([]);
    expect(trustedResults([], 'mx.studio.pl')).toEqual([]);
  });
});

describe('emailSender', () => {
  const ours = 'mx.studio.pl';

  it('confirms dmarc=pass for the From domain, and an aligned dkim=pass', () => {
    expect(
      emailSender(mail('jan@example.pl', 'mx.studio.pl; dmarc=pass header.from=example.pl'), ours),
    ).toBe('verified');
    expect(emailSender(mail('jan@example.pl', 'mx.studio.pl; dmarc=pass'), ours)).toBe('verified');
    expect(
      emailSender(
        mail('jan@sklep.example.pl', 'mx.studio.pl; dkim=pass header.d=example.pl'),
        ours,
      ),
    ).toBe('verified');
    expect(
      emailSender(
        mail('jan@example.pl', 'mx.studio.pl; dkim=pass header.i=@mail.example.pl'),
        ours,
      ),
    ).toBe('verified');
  });

  it('does not confirm without the setting, without a pass, for another domain, or from a forged header', () => {
    const pass = 'mx.studio.pl; dmarc=pass header.from=example.pl';
    expect(emailSender(mail('jan@example.pl', pass), null)).toBe('unverified');
    expect(emailSender(mail('jan@example.pl'), ours)).toBe('unverified');
    expect(
      emailSender(mail('jan@example.pl', 'mx.studio.pl; dmarc=fail header.from=example.pl'), ours),
    ).toBe('unverified');
    expect(
      emailSender(
        mail('jan@example.pl', 'mx.studio.pl; dmarc=pass header.from=evil.example'),
        ours,
      ),
    ).toBe('unverified');
    expect(
      emailSender(mail('jan@example.pl', 'mx.studio.pl; dkim=pass header.d=evil.example'), ours),
    ).toBe('unverified');
    expect(
      emailSender(mail('jan@example.pl', 'mx.studio.pl; spf=pass smtp.mailfrom=example.pl'), ours),
    ).toBe('unverified');
    // The attacker's own header, with another id or ours, below the real one.
    expect(
      emailSender(
        mail(
          'jan@example.pl',
          'mx.studio.pl; dmarc=fail header.from=example.pl',
          'evil; dmarc=pass',
          pass,
        ),
        ours,
      ),
    ).toBe('unverified');
  });

  it('aligns the same domain or a subdomain either way, never a bare suffix or a look-alike', () => {
    expect(aligned('example.pl', 'example.pl')).toBe(true);
    expect(aligned('example.pl', 'a.b.example.pl')).toBe(true);
    expect(aligned('mail.example.pl', 'example.pl')).toBe(true);
    expect(aligned('pl', 'example.pl')).toBe(false);
    expect(aligned('ample.pl', 'example.pl')).toBe(false);
    expect(aligned('example.pl.evil.com', 'example.pl')).toBe(false);
  });
});
