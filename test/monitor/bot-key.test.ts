/** Web Bot Auth key of the service: persisted, published as a JWK Set, and its RFC 9421 signatures verify. */
import { describe, expect, it } from 'vitest';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBotKey } from '../../src/monitor/bot-key.js';

describe('Web Bot Auth key', () => {
  it('is created once per data dir and signs requests verifiably with the published key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-ready-botkey-'));
    try {
      const key = loadBotKey(dir);
      expect(loadBotKey(dir).kid).toBe(key.kid);
      expect(statSync(join(dir, 'web-bot-auth-ed25519.pem')).mode & 0o077).toBe(0);
      const [jwk] = key.jwks.keys;
      expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: key.kid });
      expect(jwk.d).toBeUndefined();

      const agent = 'https://scanner.example.net/.well-known/http-message-signatures-directory';
      const headers = key.signRequest('https://hooks.example.org/in', agent, 1_700_000_000);
      expect(headers['signature-agent']).toBe(`"${agent}"`);
      const params = headers['signature-input'].replace(/^sig1=/, '');
      expect(params).toContain(`keyid="${key.kid}"`);
      expect(params).toContain('tag="web-bot-auth"');
      const base = `"@authority": hooks.example.org\n"signature-agent": "${agent}"\n"@signature-params": ${params}`;
      const sig = Buffer.from(/^sig1=:(.+):$/.exec(headers.signature)![1], 'base64');
      const pub = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
      expect(verify(null, Buffer.from(base), pub, sig)).toBe(true);
      expect(verify(null, Buffer.from(base.replace('hooks.example.org', 'evil.example.org')), pub, sig)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
