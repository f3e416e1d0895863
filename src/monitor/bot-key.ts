/**
 * Web Bot Auth for the service's own automated traffic (webhook deliveries): an Ed25519 key kept
 * in the data dir, its public half published as a JWK Set at
 * /.well-known/http-message-signatures-directory (itself signed, as the draft recommends), and
 * RFC 9421 signatures on outgoing requests so receivers can verify who sent them.
 * Profile: draft-ietf-webbotauth-httpsig-protocol (editor's copy of 2026-10-09), as B3 reads it.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeDictionary, serializeInnerList, serializeItem, type InnerList, type Item } from 'structured-headers';
import { DIRECTORY_SIGNATURE_TAG, contentDigest } from '../core/checks/bot_access/directory-signature.js';
import { jwkThumbprint } from '../core/checks/bot_access/b3-web-bot-auth.js';

export const WBA_DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
export const WBA_MEDIA_TYPE = 'application/http-message-signatures-directory+json';
/** The name the HTTP Signature Algorithms registry gives Ed25519: the signature's own `alg` parameter. */
export const WBA_ALG = 'ed25519';
/**
 * The published JWK's `alg` member: a JOSE name (RFC 7517 §4.4; RFC 9864's fully specified Ed25519),
 * as the Web Bot Auth editor's copy heading -01 (be12662f) says; the copy of 2026-10-09 wanted the HTTP name.
 */
export const WBA_JWK_ALG = 'Ed25519';
// The stored key is a PKCS#8 PEM whatever the published JWK looks like: changing the JWK never touches it.
const KEY_FILE = 'web-bot-auth-ed25519.pem';
/** Request signatures: short, they are replayable against the receiver until they expire. */
const REQUEST_SIGNATURE_TTL_SEC = 300;
/** Directory signatures: they must outlive the response's cache lifetime (max-age 3600) or cached copies carry an expired proof. */
const DIRECTORY_SIGNATURE_TTL_SEC = 86_400;
export const DIRECTORY_MAX_AGE_SEC = 3600;
const LABEL = 'sig1';

export interface OutgoingRequest {
  url: string;
  method: string;
  /** The exact bytes sent; covered through Content-Digest (RFC 9530). */
  body?: string | Uint8Array;
}

export interface BotKey {
  /** RFC 7638 JWK thumbprint: the keyid of every signature. */
  kid: string;
  jwks: { keys: Array<Record<string, string>> };
  /** The directory body exactly as served (its Content-Digest is signed). */
  directoryBody: string;
  /** Signature headers (and Signature-Agent, Content-Digest) for a request sent on behalf of the directory at `agentUrl`. */
  signRequest(req: OutgoingRequest, agentUrl: string, nowSec?: number): Record<string, string>;
  /** Content-Digest and signature headers of the directory response served at `authority`. */
  signDirectory(authority: string, nowSec?: number): Record<string, string>;
}

/** One covered component: its name, parameters (e.g. req, key) and value in the signature base. */
interface Component {
  name: string;
  params?: Array<[string, string | boolean]>;
  value: string;
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
  const { kty, crv, x } = createPublicKey(priv).export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
  const kid = jwkThumbprint({ kty, crv, x })!;
  const jwks = { keys: [{ kty, crv, kid, x, use: 'sig', alg: WBA_JWK_ALG }] };
  const directoryBody = JSON.stringify(jwks);
  const directoryDigest = contentDigest(Buffer.from(directoryBody));

  /** RFC 9421 §2.5 / §3.1: serialized through structured-headers, so the base matches what verifiers rebuild. */
  function signature(components: Component[], tag: string, nowSec: number, ttlSec: number): Record<string, string> {
    const items: Item[] = components.map((c) => [c.name, new Map(c.params ?? [])]);
    const list: InnerList = [
      items,
      new Map<string, string | number>([
        ['created', nowSec],
        ['expires', nowSec + ttlSec],
        ['keyid', kid],
        ['alg', WBA_ALG],
        ['tag', tag],
      ]),
    ];
    const base = [...components.map((c, i) => `${serializeItem(items[i])}: ${c.value}`), `"@signature-params": ${serializeInnerList(list)}`].join('\n');
    const sig = sign(null, Buffer.from(base), priv);
    return {
      'signature-input': serializeDictionary(new Map([[LABEL, list]])),
      signature: serializeDictionary(new Map([[LABEL, [sig, new Map()] as Item]])),
    };
  }

  return {
    kid,
    jwks,
    directoryBody,
    signRequest(req, agentUrl, nowSec = Math.floor(Date.now() / 1000)) {
      const url = new URL(req.url);
      // The draft's dictionary form, keyed by the signature label; the bare-string form is legacy.
      const member: Item = [agentUrl, new Map()];
      const headers: Record<string, string> = { 'signature-agent': serializeDictionary(new Map([[LABEL, member]])) };
      // @authority and the agent member are required; @method, @path and the body digest narrow what a replay can reach.
      const components: Component[] = [
        { name: '@method', value: req.method.toUpperCase() },
        { name: '@authority', value: url.host.toLowerCase() },
        { name: '@path', value: url.pathname || '/' },
        { name: 'signature-agent', params: [['key', LABEL]], value: serializeItem(member) },
      ];
      if (req.body !== undefined) {
        headers['content-digest'] = contentDigest(Buffer.from(req.body));
        components.push({ name: 'content-digest', value: headers['content-digest'] });
      }
      return { ...headers, ...signature(components, 'web-bot-auth', nowSec, REQUEST_SIGNATURE_TTL_SEC) };
    },
    signDirectory(authority, nowSec = Math.floor(Date.now() / 1000)) {
      // Appendix B: "@authority" of the request (req flag) and the body's Content-Digest.
      const components: Component[] = [
        { name: '@authority', params: [['req', true]], value: authority.toLowerCase() },
        { name: 'content-digest', value: directoryDigest },
      ];
      return { 'content-digest': directoryDigest, ...signature(components, DIRECTORY_SIGNATURE_TAG, nowSec, DIRECTORY_SIGNATURE_TTL_SEC) };
    },
  };
}
