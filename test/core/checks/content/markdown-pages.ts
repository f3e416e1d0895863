/** The page C1, C2 and the Markdown readers of src/core/gather/markdown.ts are judged on: an HTML home page and its Markdown. */
import { response } from '../../../helpers/responses.js';

export const HTML = '<!doctype html><html><head><title>Acme Widgets</title></head><body><h1>Acme Widgets</h1></body></html>';
export const MD = '# Acme Widgets\n\nWe make widgets.\n';
/** The page as a browser gets it. */
export const html = () => response({ url: '/', accept: 'text/html', headers: { 'content-type': 'text/html; charset=utf-8' }, body: HTML });
/** The page as Markdown, `headers` over the usual ones. */
export const md = (headers: Record<string, string> = {}, body = MD) =>
  response({ url: '/', headers: { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept', ...headers }, body });
