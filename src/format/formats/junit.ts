/** JUnit XML: one document of test suites (a batch renders it once, at the end). */
import type { FormatModule } from '../format-module.js';
import { renderJunit } from '../junit.js';

export const junitFormat: FormatModule = { document: (results) => renderJunit(results) };
