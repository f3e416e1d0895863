/** $AI_READY_DATABASE_POOL_SIZE sizes the Postgres store's pool; a bad value is a clear error, never a silent default. */
import { describe, expect, it } from 'vitest';
import { databasePoolSizeFrom, StoreUnavailableError } from '../../src/store/index.js';

describe('databasePoolSizeFrom', () => {
  it('defaults to 10 when unset or blank', () => {
    expect(databasePoolSizeFrom(undefined)).toBe(10);
    expect(databasePoolSizeFrom('  ')).toBe(10);
  });

  it('takes a whole number from 1 to 200', () => {
    expect(databasePoolSizeFrom('1')).toBe(1);
    expect(databasePoolSizeFrom(' 40 ')).toBe(40);
    expect(databasePoolSizeFrom('200')).toBe(200);
  });

  it.each(['0', '201', '-3', '2.5', 'ten', '1e3'])('refuses %j with a message naming the variable', (value) => {
    expect(() => databasePoolSizeFrom(value)).toThrow(StoreUnavailableError);
    expect(() => databasePoolSizeFrom(value)).toThrow(/AI_READY_DATABASE_POOL_SIZE must be a whole number from 1 to 200/);
  });
});
