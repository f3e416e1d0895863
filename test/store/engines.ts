/** The two store engines as the contract suite opens them: SQLite in a temp dir, Postgres in a fresh database. */
import { rmSync } from 'node:fs';
import { openStore, type Store } from '../../src/store/index.js';
import { createTestDatabase } from '../helpers/postgres.js';
import type { ScanResult } from '../../src/core/schema.js';
import { tempDir } from '../helpers/temp-dir.js';

export interface Engine {
  name: 'sqlite' | 'postgres';
  /** Prepares an empty database; `open()` then opens a store on it (as many times as a test likes). */
  create(): Promise<{ open(): Promise<Store>; cleanup(): void }>;
}

export const ENGINES: Engine[] = [
  {
    name: 'sqlite',
    async create() {
      const dir = tempDir('ai-ready-contract-');
      return { open: () => openStore({ dataDir: dir }), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    async create() {
      const dir = tempDir('ai-ready-contract-');
      const db = await createTestDatabase('contract');
      return { open: () => openStore({ databaseUrl: db.url, dataDir: dir }), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];

export function result(url: string, score = 50): ScanResult {
  return {
    apiVersion: '1',
    url,
    overallScore: score,
    grade: 'D',
    level: 1,
    checks: [],
    platform: { platform: 'unknown', confidence: 0, evidence: [], isEcommerce: false, isApp: false, seoPlugin: null },
  } as unknown as ScanResult;
}
