/** A corpus variant's fixture site on 127.0.0.1 (and its second site on localhost when it has one). */
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import type { Origins, Variant } from './types.js';

/** Starts the variant's sites, adding them to `open` (the caller closes them). */
export async function serveVariant(v: Variant, open: FixtureSite[]): Promise<Origins> {
  const origins: Origins = { origin: '', other: '' };
  if (v.otherSite) {
    const other = await startFixture(() => v.otherSite!(origins), { host: 'localhost' });
    open.push(other);
    origins.other = other.origin;
  }
  const site = await startFixture((s) => {
    origins.origin = s.origin;
    return v.site(origins);
  });
  open.push(site);
  return origins;
}
