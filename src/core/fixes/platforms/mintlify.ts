/** Mintlify: hosted docs. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';

const LLMS_NOTE = 'Mintlify generates llms.txt and llms-full.txt automatically for public docs.';

export const mintlify: PlatformPack = hostedBuilder('mintlify', { managedFiles: { '/robots.txt': 'Mintlify manages robots.txt; check its dashboard or docs.json settings.', '/llms.txt': LLMS_NOTE, '/llms-full.txt': LLMS_NOTE } });
