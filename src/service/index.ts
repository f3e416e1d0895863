export { ScanService, type Caller, type ScanCall, type ScanOutcome, type ScanPolicy, type ScanServiceOptions } from './scan-service.js';
export { RateLimitedError } from './errors.js';
export { reportResponse, reportView, scanView, shareUrlOf } from './report-view.js';
export { reportIsPublic } from './visibility.js';
