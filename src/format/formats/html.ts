/** A self-contained HTML page: one site per document (a batch writes one file per site). */
import type { FormatModule } from '../format-module.js';
import { renderHtmlReport } from '../html.js';

export const htmlFormat: FormatModule = {
  // Several results rendered one after another are not a valid document: the first is the page.
  document: (results) => renderHtmlReport(results[0]),
  documentPerSite: true,
};
