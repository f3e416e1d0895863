import type { CheckModule } from '../types.js';
import { c1MarkdownNegotiation } from './c1-markdown-negotiation.js';
import { c2MarkdownUrls } from './c2-markdown-urls.js';
import { c3NoJsContent } from './c3-no-js-content.js';
import { c4StructuredData } from './c4-structured-data.js';
import { withRendered } from '../../render/with-rendered.js';
import { c3RenderedHook } from '../../render/c3-rendered.js';
import { domRenderedHook } from '../../render/dom-rendered.js';

export const contentChecks: CheckModule<any>[] = [
  c1MarkdownNegotiation,
  c2MarkdownUrls,
  withRendered(c3NoJsContent, c3RenderedHook),
  withRendered(c4StructuredData, domRenderedHook(c4StructuredData)),
];
