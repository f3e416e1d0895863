/** `profile`: the scoring profile (auto detects it). The CLI and the MCP scan tools take it; the REST faces do not (docs/server.md). */
import { PROFILE_CHOICES } from '../vocabulary.js';
import { defineScanParam } from './define.js';

export const profile = defineScanParam({
  key: 'profile',
  schema: (z) => z.enum(PROFILE_CHOICES).describe('Scoring profile: auto (default) detects it; content sites do not need API/OAuth/MCP checks'),
  example: 'app',
  mcp: {},
  cli: {
    option: '--profile <profile>',
    help: `${PROFILE_CHOICES.join(' | ')} (default: auto)`,
    fromText: (text) => text.toLowerCase(),
    default: 'auto',
  },
});
