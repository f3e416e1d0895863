/**
 * Verifies the signature a Web Bot Auth key directory puts on its own response (the possession
 * proof of draft-ietf-webbotauth-httpsig-protocol Appendix B): RFC 9421 signatures whose
 * Signature-Input member carries tag "http-message-signatures-directory", each made with a key
 * the directory lists. Only what B3 can check from the one response it fetched: "@authority"
 * (of the request), response header fields such as content-digest, and ed25519 keys; anything
 * else is reported as not verifiable rather than guessed. The result is evidence, never a verdict:
 * the draft makes the proof RECOMMENDED and lets verifiers use the keys without it.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { parseDictionary, serializeInnerList, serializeItem, type InnerList } from 'structured-headers';
import type { FetchResult } from '../../net/http.js';

export const DIRECTORY_SIGNATURE_TAG = 'http-message-signatures-directory';

export interface DirectorySignatures {
  /** Signature-Input members tagged for the directory. */
  tagged: number;
  /** keyids whose signature verified over the response. */
  verified: string[];
  /** Why a tagged signature did not verify (or could not be checked). */
  problems: string[];
}

type Jwk = Record<string, unknown>;

function isInnerList(v: unknown): v is InnerList {
  return Array.isArray(v) && Array.isArray(v[0]);
}

/** `sha-256=:<base64>:` of the body, as RFC 9530 writes it. */
export function contentDigest(body: Buffer): string {
  return `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
}

function digestMatches(header: string, body: Buffer): boolean {
  try {
    const member = parseDictionary(header).get('sha-256');
    const want = createHash('sha256').update(body).digest();
    return !!member && member[0] instanceof ArrayBuffer && Buffer.from(member[0]).equals(want);
  } catch {
    return false;
  }
}

/** The signature base of RFC 9421 §2.5 for one member, or the reason it cannot be built here. */
function signatureBase(member: InnerList, res: FetchResult): { base?: string; problem?: string } {
  const lines: string[] = [];
  for (const [name, params] of member[0]) {
    if (typeof name !== 'string') return { problem: 'a covered component is not a string' };
    const id = serializeItem(name, params);
    let value: string | undefined;
    if (name === '@authority') value = new URL(res.requestedUrl).host.toLowerCase();
    else if (name.startsWith('@')) return { problem: `covers ${name}, which B3 cannot rebuild from the response` };
    else value = res.headers[name.toLowerCase()]?.trim();
    if (value === undefined) return { problem: `covers the ${name} field, which the response does not carry` };
    lines.push(`${id}: ${value}`);
  }
  lines.push(`"@signature-params": ${serializeInnerList(member)}`);
  return { base: lines.join('\n') };
}

/**
 * Reads and verifies the directory's response signatures. `keyFor` finds a listed key by the
 * signature's keyid (its thumbprint or kid). Null when the response carries no signature fields.
 */
export function readDirectorySignatures(
  res: FetchResult,
  keyFor: (keyid: string) => Jwk | undefined,
  nowSec = Math.floor(Date.now() / 1000),
): DirectorySignatures | null {
  const inputHeader = res.headers['signature-input'];
  const sigHeader = res.headers['signature'];
  if (!inputHeader || !sigHeader) return null;
  const out: DirectorySignatures = { tagged: 0, verified: [], problems: [] };
  let inputs: Map<string, unknown>;
  let sigs: Map<string, unknown>;
  try {
    inputs = parseDictionary(inputHeader);
    sigs = parseDictionary(sigHeader);
  } catch {
    out.problems.push('Signature-Input or Signature is not a Structured Fields dictionary (RFC 9651)');
    return out;
  }
  for (const [label, member] of inputs) {
    if (!isInnerList(member) || member[1].get('tag') !== DIRECTORY_SIGNATURE_TAG) continue;
    out.tagged++;
    const fail = (why: string) => out.problems.push(`directory signature "${label.slice(0, 20)}": ${why}`);
    const params = member[1];
    const keyid = params.get('keyid');
    const sig = sigs.get(label);
    if (typeof keyid !== 'string') {
      fail('no keyid');
      continue;
    }
    if (!Array.isArray(sig) || !(sig[0] instanceof ArrayBuffer)) {
      fail('no matching Signature member');
      continue;
    }
    const key = keyFor(keyid);
    if (!key) {
      fail(`keyid ${keyid.slice(0, 48)} is not a key of this directory`);
      continue;
    }
    const alg = params.get('alg');
    if (key.kty !== 'OKP' || key.crv !== 'Ed25519' || (alg !== undefined && alg !== 'ed25519')) {
      fail('not checked: only ed25519 signatures are verified here');
      continue;
    }
    const created = params.get('created');
    const expires = params.get('expires');
    if (typeof created === 'number' && created > nowSec + 60) fail('created is in the future (verifiers must reject it)');
    if (typeof expires === 'number' && expires < nowSec) fail('expired');
    const covered = member[0].map(([n]) => n);
    // A signature over a Content-Digest that does not match the body proves nothing about the keys served.
    if (covered.includes('content-digest') && !res.truncated && res.headers['content-digest'] && !digestMatches(res.headers['content-digest'], res.body)) {
      fail('Content-Digest does not match the body');
      continue;
    }
    const { base, problem } = signatureBase(member, res);
    if (!base) {
      fail(problem!);
      continue;
    }
    let ok = false;
    try {
      ok = verify(null, Buffer.from(base), createPublicKey({ key: key as never, format: 'jwk' }), Buffer.from(sig[0]));
    } catch {
      ok = false;
    }
    if (ok) out.verified.push(keyid);
    else fail('does not verify with the listed key');
  }
  return out;
}
