/** SARIF 2.1.0: one log for the whole run (a batch renders it once, at the end). */
import type { FormatModule } from '../format-module.js';
import { renderSarif } from '../sarif.js';

export const sarifFormat: FormatModule = { document: (results) => renderSarif(results) };
