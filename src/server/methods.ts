/** Method checks: a 405 with Allow, as a problem document in the API and as text elsewhere. */
import type { H3Event } from 'h3';
import { problemResponse } from './problems.js';
import { text } from './respond.js';

/** A 405 problem document when the method is not one of `methods`; null when it is. */
export function apiMethods(event: H3Event, base: string, methods: string[], hint = `Use ${methods.join(' or ')}.`): Response | null {
  if (methods.includes(event.req.method)) return null;
  return problemResponse(base, 'method-not-allowed', hint, event.url.pathname, { allow: methods.join(', ') });
}

/** Pages and files: GET and HEAD only. */
export function onlyGet(event: H3Event): Response | null {
  if (event.req.method === 'GET' || event.req.method === 'HEAD') return null;
  return text('Method not allowed\n', 'text/plain; charset=utf-8', { allow: 'GET, HEAD' }, 405);
}
