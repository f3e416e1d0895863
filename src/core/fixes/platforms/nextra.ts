/** Nextra runs on Next.js: the same route handlers and next.config headers. */
import { nextjs } from './nextjs.js';
import type { PlatformPack } from './types.js';

export const nextra: PlatformPack = { ...nextjs, id: 'nextra' };
