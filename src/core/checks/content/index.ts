import type { CheckModule } from '../types.js';
import { c1MarkdownNegotiation } from './c1-markdown-negotiation.js';
import { c2MarkdownUrls } from './c2-markdown-urls.js';
import { c3NoJsContent } from './c3-no-js-content.js';
import { c4StructuredData } from './c4-structured-data.js';

export const contentChecks: CheckModule<any>[] = [c1MarkdownNegotiation, c2MarkdownUrls, c3NoJsContent, c4StructuredData];
