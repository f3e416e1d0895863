import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDirectorySignatures } from '../../../../src/core/checks/bot_access/directory-signature.js';
import { response } from '../../../helpers/responses.js';

const DIR = '/.well-known/http-message-signatures-directory';
/** A freshly generated Ed25519 public JWK: the key every keyid resolves to. */
const ed25519 = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }) as Record<string, string>;

describe('B3 directory response signature', () => {
  it('never throws on hostile Signature / Signature-Input values (property)', () => {
    const fragments = fc.constantFrom(
      'binding=',
      '(',
      ')',
      '"@authority"',
      ';req',
      '"content-digest"',
      '"@path"',
      ';tag="http-message-signatures-directory"',
      ';keyid="k"',
      ';alg="rsa-pss-sha512"',
      ':AAAA:',
      ',',
      ' ',
      '"x"',
      ';created=9999999999',
    );
    const header = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.array(fragments, { maxLength: 30 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(header, header, (input, sig) => {
        const r = readDirectorySignatures(response({ url: DIR, headers: { 'signature-input': input, signature: sig }, body: '{}' }), () => ed25519);
        expect(r === null || (r.verified.length === 0 && r.problems.length <= 3 * r.tagged + 1)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
