export { ScanService, type Caller, type ScanCall, type ScanOutcome, type ScanPolicy, type ScanServiceOptions } from './scan-service.js';
export { CallerBusyError, RateLimitedError } from './errors.js';
export { reportView, shareUrlOf } from './report-view.js';
export { reportIsPublic } from './visibility.js';
