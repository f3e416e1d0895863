/** Every test file: folders test/helpers/temp-dir.ts made outside a test go after its last test. */
import { afterAll } from 'vitest';
import { removeFileTempDirs } from './helpers/temp-dir.js';

afterAll(removeFileTempDirs);
