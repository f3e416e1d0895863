/** A data dir written by the keyv-based store (reports as keyv documents) opens on the current one with its reports intact. */
import { afterEach, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { openStore } from '../../../src/store/index.js';
import { openDatabase } from '../../../src/store/db.js';
import { STORE_MIGRATIONS } from '../../../src/store/sqlite/migrations.js';
import { result } from '../engines.js';
import { tempDir } from '../../helpers/temp-dir.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('copies report results out of the old keyv documents table', async () => {
  dir = tempDir('ai-ready-upgrade-');
  const old = await openDatabase(dir);
  const [name, statements] = STORE_MIGRATIONS[0];
  await old.migrate(name, statements);
  // As @keyv/sqlite 4 with keyv 5 wrote them: namespace "keyv", value {"value": ..., "expires": ...}.
  await old.exec('CREATE TABLE documents (key VARCHAR(255) PRIMARY KEY, value TEXT)');
  const r = result('https://old.dev/', 42);
  const createdAt = '2026-01-02T03:04:05.000Z';
  await old.run("INSERT INTO accounts (id, name, default_public, created_at) VALUES ('acc_1', 'acme', 1, ?)", [createdAt]);
  await old.run(
    "INSERT INTO reports (id, url, domain, account_id, is_public, score, grade, level, platform, created_at) VALUES ('oldreport1', 'https://old.dev/', 'old.dev', 'acc_1', 1, 42, 'D', 1, 'unknown', ?)",
    [createdAt],
  );
  const doc = { id: 'oldreport1', url: 'https://old.dev/', domain: 'old.dev', createdAt, isPublic: true, accountId: 'acc_1', result: r };
  await old.run('INSERT INTO documents (key, value) VALUES (?, ?)', ['keyv:report:oldreport1', JSON.stringify({ value: doc, expires: null })]);
  await old.close();

  const store = await openStore(dir);
  try {
    expect(await store.getReport('oldreport1')).toEqual(doc);
    expect((await store.domainHistory('old.dev')).items.map((x) => x.id)).toEqual(['oldreport1']);
  } finally {
    await store.close();
  }
});
