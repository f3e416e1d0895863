/** Small response helpers of the OAuth endpoints (web-standard Response). */
export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
  'access-control-max-age': '600',
};
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function jsonNoStore(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return json(body, status, { ...NO_STORE, ...CORS, ...headers });
}

/** RFC 6749 §5.2 error document. */
export function oauthError(error: string, description: string, status = 400, headers: Record<string, string> = {}): Response {
  return jsonNoStore({ error, error_description: description }, status, headers);
}

export const MAX_FORM_BYTES = 64 * 1024;

/**
 * The body as text, or null past MAX_FORM_BYTES. Read chunk by chunk and abandoned at the limit:
 * a chunked body has no Content-Length, and `req.text()` would buffer all of it first.
 */
async function readBoundedText(req: Request): Promise<string | null> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_FORM_BYTES) return null;
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_FORM_BYTES) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads an application/x-www-form-urlencoded (or JSON) body, at most MAX_FORM_BYTES. */
export async function readParams(req: Request): Promise<URLSearchParams | null> {
  const text = await readBoundedText(req);
  if (text === null) return null;
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    try {
      const obj = JSON.parse(text) as Record<string, unknown>;
      if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
      return new URLSearchParams(Object.entries(obj).filter(([, v]) => typeof v === 'string') as Array<[string, string]>);
    } catch {
      return null;
    }
  }
  return new URLSearchParams(text);
}

export async function readJson(req: Request): Promise<unknown> {
  const text = await readBoundedText(req);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
