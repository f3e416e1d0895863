/**
 * Web Bot Auth for the service's own automated traffic (webhook deliveries): an Ed25519 key kept
 * in the data dir, its public half published as a JWK Set at
 * /.well-known/http-message-signatures-directory (itself signed, as the draft asks), and
 * RFC 9421 signatures on outgoing requests so receivers can verify who sent them.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const WBA_DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
export const WBA_MEDIA_TYPE = 'application/http-message-signatures-directory+json';
const KEY_FILE = 'web-bot-auth-ed25519.pem';
const SIGNATURE_TTL_SEC = 300;

export interface BotKey {
  /** RFC 7638 JWK thumbprint: the keyid of every signature. */
  kid: string;
  jwks: { keys: Array<Record<string, string>> };
  /** Signature headers for a request to `url` sent on behalf of the directory at `agentUrl`. */
  signRequest(url: string, agentUrl: string, nowSec?: number): Record<string, string>;
  /** Signature headers of the directory response itself. */
  signDirectory(authority: string, nowSec?: number): Record<string, string>;
}

function publicJwk(pub: KeyObject): { kty: string; crv: string; x: string } {
  const jwk = pub.export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
}

function thumbprint(jwk: { kty: string; crv: string; x: string }): string {
  // RFC 7638: the required members in lexicographic order, no whitespace.
  return createHash('sha256').update(`{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}"}`).digest('base64url');
}

/** Loads the key of this data dir, creating it (mode 0600) on first use. */
export function loadBotKey(dataDir: string): BotKey {
  const file = join(dataDir, KEY_FILE);
  let priv: KeyObject;
  if (existsSync(file)) priv = createPrivateKey(readFileSync(file));
  else {
    priv = generateKeyPairSync('ed25519').privateKey;
    writeFileSync(file, priv.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  }
  const jwk = publicJwk(createPublicKey(priv));
  const kid = thumbprint(jwk);

  function signature(components: Array<[string, string]>, tag: string, nowSec: number): Record<string, string> {
    const names = components.map(([n]) => `"${n}"`).join(' ');
    const params = `(${names});created=${nowSec};expires=${nowSec + SIGNATURE_TTL_SEC};keyid="${kid}";alg="ed25519";tag="${tag}"`;
    const base = [...components.map(([n, v]) => `"${n}": ${v}`), `"@signature-params": ${params}`].join('\n');
    const sig = sign(null, Buffer.from(base), priv).toString('base64');
    return { 'signature-input': `sig1=${params}`, signature: `sig1=:${sig}:` };
  }

  return {
    kid,
    jwks: { keys: [{ ...jwk, kid, use: 'sig', alg: 'EdDSA' }] },
    signRequest(url, agentUrl, nowSec = Math.floor(Date.now() / 1000)) {
      const agent = `"${agentUrl}"`;
      return { 'signature-agent': agent, ...signature([['@authority', new URL(url).host], ['signature-agent', agent]], 'web-bot-auth', nowSec) };
    },
    signDirectory(authority, nowSec = Math.floor(Date.now() / 1000)) {
      return signature([['@authority', authority]], 'http-message-signatures-directory', nowSec);
    },
  };
}
