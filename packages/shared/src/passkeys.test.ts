import { describe, expect, it } from 'vitest';
import { AuthenticationResponseSchema } from './passkeys';

const answer = (signatureBytes: number) => ({
  id: 'a2V5',
  rawId: 'a2V5',
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: 'e30',
    authenticatorData: 'AAAA',
    signature: Buffer.alloc(signatureBytes, 7).toString('base64url'),
  },
});

describe('a passkey sign-in answer', () => {
  it('takes post-quantum signatures (ML-DSA-44 and ML-DSA-87), which the options offer', () => {
    expect(AuthenticationResponseSchema.safeParse(answer(2420)).success).toBe(true);
    expect(AuthenticationResponseSchema.safeParse(answer(4627)).success).toBe(true);
  });

  it('still refuses a signature no algorithm makes', () => {
    expect(AuthenticationResponseSchema.safeParse(answer(8192)).success).toBe(false);
  });
});
