/** The one store entry point: `openStore(dataDir)` returns the embedded SQLite store. */
export type * from './types.js';
export { openSqliteStore as openStore } from './sqlite-store.js';
export { dataDirFrom } from './db.js';
export { SHARE_ID_PATTERN, looksLikeApiKey } from './secrets.js';
