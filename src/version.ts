import { createRequire } from 'node:module';

// Resolved from both src/ and dist/ (each sits one level below the package root).
const pkg = createRequire(import.meta.url)('../package.json') as { version: string; homepage?: string };

export const VERSION: string = pkg.version;
export const PROJECT_URL = 'https://github.com/ai-ready/ai-ready';
export const USER_AGENT = `ai-ready/${VERSION} (+${PROJECT_URL})`;
