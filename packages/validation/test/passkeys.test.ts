import { describe, expect, it } from 'vitest';
import { passkeyAuthenticationResponseSchema } from '../src/two-factor';

/** A base64url string of `bytes` bytes. */
const bytes = (count: number) => Buffer.alloc(count, 7).toString('base64url');

const assertion = (signatureBytes: number) => ({
  id: bytes(32),
  rawId: bytes(32),
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: bytes(120),
    authenticatorData: bytes(37),
    signature: bytes(signatureBytes),
  },
});

describe('a passkey assertion', () => {
  it('takes the signatures of every algorithm the API offers, post-quantum ones included', () => {
    // ES256 (about 72 bytes), RS256 (256), ML-DSA-44/65/87 (2,420, 3,309, 4,627): on
    // Node 24 the API offers ML-DSA, and Chromium's authenticator chooses it.
    for (const size of [72, 256, 2420, 3309, 4627]) {
      expect(
        passkeyAuthenticationResponseSchema.safeParse(assertion(size)).success,
        `${size}`,
      ).toBe(true);
    }
  });

  it('refuses a signature past any algorithm’s size, before any parser sees it', () => {
    expect(passkeyAuthenticationResponseSchema.safeParse(assertion(6200)).success).toBe(false);
  });
});
