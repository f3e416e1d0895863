/**
 * POSTs a chunked body (no Content-Length) that does not end while the server stays silent, up to
 * `maxBytes`: shows whether the server cuts it off at its limit and answers before the upload ends.
 */
import { request } from 'node:http';

export interface EndlessOutcome {
  status: number;
  /** The upload was finished (the server had not answered within maxBytes). */
  ended: boolean;
  sentBeforeAnswer: number;
}

export function postEndlessBody(origin: string, path: string, contentType: string, maxBytes: number): Promise<EndlessOutcome> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let ended = false;
    let answered = false;
    const req = request({ host: hostname, port, path, method: 'POST', headers: { 'content-type': contentType } });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, ended, sentBeforeAnswer: sent });
      // Hang up right away, as an impatient client would.
      req.destroy();
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) {
        ended = true;
        req.end();
      }
    };
    pump();
  });
}
