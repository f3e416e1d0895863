/** A prompt for a coding agent (fix list with codes, paths, owner values, re-check commands); a batch writes one per site. */
import type { FormatModule } from '../format-module.js';
import { renderAgentPromptForResult } from '../agent-prompt.js';

export const agentFormat: FormatModule = {
  document: (results) => results.map(renderAgentPromptForResult).join('\n'),
  stream: () => {
    let first = true;
    return {
      add: (r) => (first ? ((first = false), '') : '\n') + renderAgentPromptForResult(r),
      end: () => '',
    };
  },
};
