/** Nextra runs on Next.js: the same route handlers and next.config headers (Next.js's check advice is not Nextra's). */
import { nextjs } from './nextjs.js';
import type { PlatformPack } from './types.js';

export const nextra: PlatformPack = { id: 'nextra', serveFile: nextjs.serveFile, addHeader: nextjs.addHeader };
