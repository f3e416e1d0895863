/** GitHub workflow annotations, one block per site as it finishes. */
import type { FormatModule } from '../format-module.js';
import { renderGithubAnnotations } from '../github.js';

export const githubFormat: FormatModule = {
  document: (results) => renderGithubAnnotations(results),
  stream: () => ({ add: (r) => renderGithubAnnotations([r]), end: () => '' }),
};
