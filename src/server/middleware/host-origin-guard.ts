/**
 * DNS-rebinding and cross-site protection for a loopback-bound server (the MCP transport asks
 * servers to check both): a request for a host name the server does not answer to gets 421, and
 * one a browser sends on behalf of another site (its Origin names another host) gets 403.
 * Otherwise any web page could drive the local MCP endpoints, which allow every origin (CORS),
 * and read what they return, for instance scans of the visitor's private network when
 * --allow-private-network is on. Requests without an Origin (agents, curl, navigations) and from
 * loopback origins (local MCP inspectors) pass. Off when `allowedHostNames` is not set.
 */
import type { Middleware } from 'h3';
import { bareHost } from '../../core/net/address-guard.js';
import { isProblemRequest, type ServerContext } from '../context.js';
import { problemResponse } from '../problems.js';
import { text } from '../respond.js';

export function hostOriginGuard(ctx: ServerContext, allowedHostNames: string[] | undefined): Middleware {
  /** A host name this server answers to: the base URL's, or one of allowedHostNames. */
  const knownHost = (hostname: string): boolean => {
    const host = bareHost(hostname);
    return host === bareHost(new URL(ctx.base()).hostname) || !!allowedHostNames?.includes(host);
  };
  const originAllowed = (origin: string | null): boolean => {
    if (origin === null) return true;
    try {
      return knownHost(new URL(origin).hostname);
    } catch {
      return false; // "null" (sandboxed frames, files) and anything unparsable
    }
  };
  return (event) => {
    if (!allowedHostNames) return;
    const path = event.url.pathname;
    const api = isProblemRequest(event.req, path);
    if (!knownHost(event.url.hostname)) {
      const detail = 'This server does not answer to that host name.';
      return api
        ? problemResponse(ctx.base(), 'misdirected-request', detail, path)
        : text(`Misdirected request: ${detail.charAt(0).toLowerCase()}${detail.slice(1)}\n`, 'text/plain; charset=utf-8', {}, 421);
    }
    if (!originAllowed(event.req.headers.get('origin'))) {
      const detail = 'This local server does not answer requests made by other sites.';
      return api
        ? problemResponse(ctx.base(), 'forbidden-origin', detail, path)
        : text(`Forbidden: ${detail.charAt(0).toLowerCase()}${detail.slice(1)}\n`, 'text/plain; charset=utf-8', {}, 403);
    }
  };
}
