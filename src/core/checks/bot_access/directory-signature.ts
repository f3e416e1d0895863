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
import type { SubFinding } from '../messages.js';

export const DIRECTORY_SIGNATURE_TAG = 'http-message-signatures-directory';

/** Why a directory signature did not verify: B3's advisory codes and templates (joined into its meta.advisories). */
export const SIGNATURE_PROBLEMS = {
  'B3/signature-not-dictionary': 'Signature-Input or Signature is not a Structured Fields dictionary (RFC 9651)',
  'B3/signature-no-keyid': 'directory signature "{label}": no keyid',
  'B3/signature-no-member': 'directory signature "{label}": no matching Signature member',
  'B3/signature-unknown-key': 'directory signature "{label}": keyid {keyid} is not a key of this directory',
  'B3/signature-not-ed25519': 'directory signature "{label}": not checked: only ed25519 signatures are verified here',
  'B3/signature-from-future': 'directory signature "{label}": created is in the future (verifiers must reject it)',
  'B3/signature-expired': 'directory signature "{label}": expired',
  'B3/signature-digest-mismatch': 'directory signature "{label}": Content-Digest does not match the body',
  'B3/signature-component-not-string': 'directory signature "{label}": a covered component is not a string',
  'B3/signature-derived-component': 'directory signature "{label}": covers {component}, which B3 cannot rebuild from the response',
  'B3/signature-field-absent': 'directory signature "{label}": covers the {field} field, which the response does not carry',
  'B3/signature-invalid': 'directory signature "{label}": does not verify with the listed key',
} as const;
export type SignatureProblem = keyof typeof SIGNATURE_PROBLEMS;

export interface DirectorySignatures {
  /** Signature-Input members tagged for the directory. */
  tagged: number;
  /** keyids whose signature verified over the response. */
  verified: string[];
  /** Why a tagged signature did not verify (or could not be checked), as codes of SIGNATURE_PROBLEMS with data. */
  problems: Array<SubFinding<SignatureProblem>>;
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

type Problem = { code: SignatureProblem; data?: Record<string, string> };

/** The signature base of RFC 9421 §2.5 for one member, or the reason it cannot be built here. */
function signatureBase(member: InnerList, res: FetchResult): { base?: string; problem?: Problem } {
  const lines: string[] = [];
  for (const [name, params] of member[0]) {
    if (typeof name !== 'string') return { problem: { code: 'B3/signature-component-not-string' } };
    const id = serializeItem(name, params);
    let value: string | undefined;
    if (name === '@authority') value = new URL(res.requestedUrl).host.toLowerCase();
    else if (name.startsWith('@')) return { problem: { code: 'B3/signature-derived-component', data: { component: name } } };
    else value = res.headers[name.toLowerCase()]?.trim();
    if (value === undefined) return { problem: { code: 'B3/signature-field-absent', data: { field: name } } };
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
    out.problems.push({ code: 'B3/signature-not-dictionary' });
    return out;
  }
  for (const [label, member] of inputs) {
    if (!isInnerList(member) || member[1].get('tag') !== DIRECTORY_SIGNATURE_TAG) continue;
    out.tagged++;
    const fail = ({ code, data }: Problem) => out.problems.push({ code, data: { label: label.slice(0, 20), ...data } });
    const params = member[1];
    const keyid = params.get('keyid');
    const sig = sigs.get(label);
    if (typeof keyid !== 'string') {
      fail({ code: 'B3/signature-no-keyid' });
      continue;
    }
    if (!Array.isArray(sig) || !(sig[0] instanceof ArrayBuffer)) {
      fail({ code: 'B3/signature-no-member' });
      continue;
    }
    const key = keyFor(keyid);
    if (!key) {
      fail({ code: 'B3/signature-unknown-key', data: { keyid: keyid.slice(0, 48) } });
      continue;
    }
    const alg = params.get('alg');
    if (key.kty !== 'OKP' || key.crv !== 'Ed25519' || (alg !== undefined && alg !== 'ed25519')) {
      fail({ code: 'B3/signature-not-ed25519' });
      continue;
    }
    const created = params.get('created');
    const expires = params.get('expires');
    if (typeof created === 'number' && created > nowSec + 60) fail({ code: 'B3/signature-from-future' });
    if (typeof expires === 'number' && expires < nowSec) fail({ code: 'B3/signature-expired' });
    const covered = member[0].map(([n]) => n);
    // A signature over a Content-Digest that does not match the body proves nothing about the keys served.
    if (covered.includes('content-digest') && !res.truncated && res.headers['content-digest'] && !digestMatches(res.headers['content-digest'], res.body)) {
      fail({ code: 'B3/signature-digest-mismatch' });
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
    else fail({ code: 'B3/signature-invalid' });
  }
  return out;
}
