export { ScanService, type Caller, type ScanCall, type ScanOutcome, type ScanPolicy, type ScanServiceOptions } from './scan-service.js';
export { CallerBusyError, RateLimitedError, RenderUnavailableError } from './errors.js';
export { reportResponse, reportView, scanView, shareUrlOf } from './report-view.js';
export { reportIsPublic } from './visibility.js';
export { compareReports, compareResponse, CompareResponse, ComparisonFields } from './compare.js';
