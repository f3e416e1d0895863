/** Compatibility path: the SQLite connection lives in src/store/sqlite/connection.ts. */
export { openDatabase, dataDirFrom, DB_FILE, type Db } from './sqlite/connection.js';
export type { Row } from './sql.js';
