/**
 * A folder served on 127.0.0.1 the way a static host serves a project's output: each file with the
 * content type its extension gets on Netlify / Cloudflare Pages / Vercel, `dir/` as
 * `dir/index.html`, and the `_headers` file (Netlify format: a path line, then indented
 * `Name: value` lines; `*` matches anything) applied on top. `_headers` itself is not served.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

interface HeaderBlock {
  pattern: RegExp;
  headers: Array<[string, string]>;
}

/** Netlify `_headers`: "/path" then indented "Name: value" lines; "*" is a splat. */
export function parseHeadersFile(text: string): HeaderBlock[] {
  const blocks: HeaderBlock[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      blocks.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const m = /^\s+([^:]+):\s*(.*)$/.exec(line);
    if (m && blocks.length) blocks[blocks.length - 1].headers.push([m[1].trim(), m[2].trim()]);
  }
  return blocks;
}

export interface StaticHost {
  origin: string;
  /** Serve another folder from now on, at the same origin. */
  serve(root: string): void;
  close(): Promise<void>;
}

/** `pages`: what the framework's build would render at these paths (the project's own source is not HTML). */
/**
 * `pages`: HTML answered at these paths (a framework's rendered pages). `asDeployedFrom`: an origin
 * (a production URL the project writes into its files) replaced by this host's own in the text files
 * it serves from the folder (not the rendered pages): the project as deployed at that origin, so a
 * scan of it stays on loopback.
 */
export async function serveFolder(root: string, opts: { pages?: Record<string, string>; asDeployedFrom?: string } = {}): Promise<StaticHost> {
  let base = resolve(root);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(base, `.${path}`);
    if (file !== base && !file.startsWith(base + sep)) file = base; // never leave the folder
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    else if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    const rendered = opts.pages?.[path];
    const served = rendered === undefined && existsSync(file) && statSync(file).isFile() && !file.endsWith(`${sep}_headers`);
    const headers: Record<string, string> = {
      'content-type':
        rendered !== undefined
          ? 'text/html; charset=utf-8'
          : served
            ? (TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
            : 'text/html; charset=utf-8',
    };
    const headersFile = join(base, '_headers');
    if (existsSync(headersFile)) {
      for (const b of parseHeadersFile(readFileSync(headersFile, 'utf8')))
        if (b.pattern.test(path)) for (const [k, v] of b.headers) headers[k.toLowerCase()] = v;
    }
    let body =
      rendered !== undefined ? Buffer.from(rendered) : served ? readFileSync(file) : Buffer.from('<!doctype html><title>Not found</title><h1>Not found</h1>');
    if (served && opts.asDeployedFrom && /\.(txt|md|xml|json)$/i.test(file))
      body = Buffer.from(
        body
          .toString('utf8')
          .split(opts.asDeployedFrom)
          .join(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
      );
    res.writeHead(served || rendered !== undefined ? 200 : 404, { ...headers, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    serve: (next) => {
      base = resolve(next);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
