/** Up-front check of a scan target under the private-network guard, for a clear invalid-url error. */
import { isIP } from 'node:net';
import { PRIVATE_NETWORK_HINT, bareHost, classifyAddress } from './address-guard.js';
import { resolveHost } from './resolver.js';
import { ScanError } from '../errors.js';

export async function assertPublicTarget(url: URL, allowedHosts: string[] = []): Promise<void> {
  const host = bareHost(url.hostname);
  if (allowedHosts.some((h) => bareHost(h) === host)) return;
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolveHost(host)).map((a) => a.address);
    } catch (e) {
      throw new ScanError('unreachable', `DNS lookup for ${host} failed (${(e as { code?: string }).code ?? 'error'}).`, e);
    }
  }
  for (const a of addresses) {
    const cls = classifyAddress(a);
    if (cls !== 'public') {
      throw new ScanError('blocked-address', `${host} resolves to ${a}, a ${cls} address: ${PRIVATE_NETWORK_HINT}.`);
    }
  }
}
