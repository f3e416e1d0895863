/** Starts a real `createServer` on 127.0.0.1:0 with a temp data dir; close() removes it. */
import { rmSync } from 'node:fs';
import { createServer, type RunningServer, type ServerConfig } from '../../../src/server/index.js';
import { tempDir } from '../../helpers/temp-dir.js';

export interface TestServer extends RunningServer {
  dataDir: string;
  logs: string[];
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  /** Close the server, keep the data dir (restart tests). */
  stop(): Promise<void>;
  /** Close and remove the data dir. */
  destroy(): Promise<void>;
}

export async function startServer(config: ServerConfig = {}, dataDir?: string): Promise<TestServer> {
  const dir = dataDir ?? tempDir('ai-ready-serve-');
  const logs: string[] = [];
  const server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, allowPrivateNetwork: true, log: (l) => logs.push(l), ...config });
  return Object.assign(server, {
    dataDir: dir,
    logs,
    get: (path: string, init: RequestInit = {}) => fetch(server.url + path, init),
    post: (path: string, body: unknown, init: RequestInit = {}) =>
      fetch(server.url + path, {
        method: 'POST',
        ...init,
        headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    stop: () => server.close(),
    destroy: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
