import { describe, expect, it } from 'vitest';
import { createIdempotencyKeeper, sendFingerprint } from './idempotency';

describe('idempotency key', () => {
  it('reuses the key for a retry of the same content and renews it after a send', () => {
    let n = 0;
    const keeper = createIdempotencyKeeper(() => `k${++n}`);
    const a = sendFingerprint(1, 'hej', [{ name: 'a.png', size: 3, lastModified: 1 }]);
    expect(keeper.keyFor(a)).toBe('k1');
    expect(keeper.keyFor(a)).toBe('k1');
    expect(keeper.keyFor(sendFingerprint(1, 'hej!', []))).toBe('k2');
    keeper.reset();
    expect(keeper.keyFor(a)).toBe('k3');
  });

  it('distinguishes tickets and files', () => {
    expect(sendFingerprint(1, 'x', [])).not.toBe(sendFingerprint(2, 'x', []));
    expect(sendFingerprint(1, 'x', [{ name: 'a', size: 1 }])).not.toBe(sendFingerprint(1, 'x', []));
  });
});
