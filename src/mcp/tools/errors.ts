/** Scan failures as tool errors: the engine's messages are written for users; anything else is hidden. */
import { isScanError } from '../../core/errors.js';
import { ToolError } from '../context.js';

export function toolErrorFromScan(e: unknown): ToolError {
  if (e instanceof ToolError) return e;
  if (isScanError(e)) return new ToolError(`${e.code}: ${e.message}`);
  return new ToolError('The scan failed because of an internal error.');
}
