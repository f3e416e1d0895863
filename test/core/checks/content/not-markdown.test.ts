/**
 * A catch-all API route answers every path (and every Accept) with JSON: that is not a Markdown
 * body under a wrong type, so C1 and C2 must not give it half credit.
 */
import { describe, expect, it } from 'vitest';
import { c1MarkdownNegotiation } from '../../../../src/core/checks/content/c1-markdown-negotiation.js';
import { c2MarkdownUrls } from '../../../../src/core/checks/content/c2-markdown-urls.js';
import { classifyMarkdown } from '../../../../src/core/gather/markdown.js';
import { nonTextDocument } from '../../../../src/core/gather/classify.js';
import { ORIGIN, json, response, text } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const HTML = '<!doctype html><html><head><title>Acme</title></head><body><h1>Acme</h1></body></html>';
const page = () => response({ url: '/', headers: { 'content-type': 'text/html' }, body: HTML });

describe('non-text bodies are not Markdown', () => {
  it('recognises JSON, XML and binary bodies whatever the type, but not Markdown', () => {
    expect(nonTextDocument(json('/x', { error: 'not found' }))).toMatch(/JSON/);
    expect(nonTextDocument(text('/x', '{"error":"not found"}', 'text/plain'))).toMatch(/JSON/);
    expect(nonTextDocument(text('/x', '[1,2]', 'application/octet-stream'))).toMatch(/JSON/);
    expect(nonTextDocument(text('/x', '<?xml version="1.0"?><a/>', 'text/plain'))).toMatch(/XML/);
    expect(nonTextDocument(response({ url: '/x', headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }))).toMatch(
      /image\/png/,
    );
    expect(nonTextDocument(response({ url: '/x', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from([1, 0, 2]) }))).toBe('binary data');
    expect(nonTextDocument(text('/x', '[Docs](/docs.md) and {braces}', 'text/plain'))).toBeNull();
    expect(nonTextDocument(text('/x', '# Title\n', 'application/octet-stream'))).toBeNull();
    expect(classifyMarkdown(json('/', { error: 'no' }))).toBe('not-markdown');
    // A declared text/markdown type is trusted, as before.
    expect(classifyMarkdown(text('/', '{"a":1}', 'text/markdown'))).toBe('markdown');
  });

  it('C1 fails when Accept: text/markdown gets JSON', () => {
    const j = json('/', { message: 'hello' });
    const o = c1MarkdownNegotiation.evaluate({ r1: j, r2: j, r3: page(), title: 'Acme' }, ctx);
    expect(o.status).toBe('fail');
    expect(o.code).toBe('C1/no-answer');
    expect(o.data).toMatchObject({ r1Answer: 'not-markdown', r1Type: 'application/json', r2Answer: 'not-markdown' });
    expect(o.evidence).toMatch(
      /^No Markdown for requests that ask for it\. R1 \(Accept: text\/markdown\): GET \/ → 200 application\/json, \d+ B \[not-markdown\]/,
    );
  });

  it('C2 fails when the .md twin is JSON', () => {
    const probe = json('/index.md', { error: 'route not found' }, {});
    const o = c2MarkdownUrls.evaluate(
      { page: page(), twinPath: '/index.md', probes: [{ source: 'twin', url: `${ORIGIN}/index.md`, probe }], foreignAlternates: [] },
      ctx,
    );
    expect(o.status).toBe('fail');
    expect(o.code).toBe('C2/missing');
    expect(o.data).toMatchObject({ tried1Tag: 'twin, JSON, not-markdown', tried1Type: 'application/json' });
  });
});
