/** Library API: `import { scan } from 'ai-ready'`. */
export { scan, DEFAULT_DEADLINE_MS, type ScanOptions } from './core/scan.js';
export { ScanError, isScanError, type ScanErrorCode } from './core/errors.js';
export { normalizeTarget, isReservedHost, MAX_URL_LENGTH } from './core/target.js';
export { classifyAddress, isBlockedAddress, type AddressClass } from './core/net/address-guard.js';
export type { ScanEvent, ScanEventListener } from './core/events.js';
export { rubric, type RubricEntry } from './core/rubric.js';
export { CHECKS, findCheck } from './core/checks/index.js';
export type { CheckModule, CheckMeta, CheckOutcome, FixContext } from './core/checks/types.js';
export {
  ScanResponse,
  ReportResponse,
  Problem,
  CheckResult,
  FixStep,
  FixOperation,
  gradeFor,
  API_VERSION,
  DIMENSIONS,
  type ScanResult,
  type Dimension,
  type CheckStatus,
  type Tier,
  type Grade,
  type PlatformInfo,
} from './core/schema.js';
export { RUBRIC_VERSION, LEVEL_NAMES } from './core/scoring/rubric.js';
export { OWNER_VALUES, type OwnerValue } from './core/fixes/owner-values.js';
export { VERSION } from './version.js';
