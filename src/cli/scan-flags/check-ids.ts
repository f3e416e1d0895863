/** Check selectors (--skip, --only, --fail-on): ids must exist; some flags also take names (dimensions, tiers). */
import { ScanParamRefused } from '../../core/scan-params/define.js';
import { settleCheckIds } from '../../core/scan-params/check-ids.js';
import { UsageError } from '../usage-error.js';

export async function checkIds(spelling: string, ids: readonly string[], extra: readonly string[]): Promise<string[]> {
  try {
    return await settleCheckIds(spelling, ids, extra);
  } catch (e) {
    if (e instanceof ScanParamRefused) throw new UsageError(e.message);
    throw e;
  }
}
