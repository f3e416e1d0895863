/**
 * One check's guide as changes to a bare project of a given framework (the MCP form of
 * `get_fix_guide`): the files to create or merge in the framework's static folder, the header
 * rules and where they go, the owner values still needed. Nothing is read from disk.
 */
import type { FixStep } from '../../schema.js';
import { frameworkById, type Framework } from './frameworks.js';
import type { HeaderHostChoice } from './headers-place.js';
import type { MergeKind } from './merge-table.js';
import { planFixes, type CheckPlan } from './plan.js';

export interface ProjectGuide {
  framework: Pick<Framework, 'id' | 'label' | 'staticDir'>;
  headersFile: string | null;
  /** Each file and how it merges into one the project already has (merge-table.ts, as the writer does). */
  files: Array<{ path: string; content: string; merge: MergeKind }>;
  needs: CheckPlan['needs'];
  manual: CheckPlan['manual'];
  /** Steps whose values are examples: shown in the guide, never written. */
  examples: CheckPlan['examples'];
}

/** `host`: with no project to read, the rules go to the static folder's _headers (Netlify's file, which Cloudflare Pages reads too). */
export function projectGuide(
  check: { id: string; name: string; steps: FixStep[] },
  frameworkId: string,
  host: HeaderHostChoice = 'netlify',
): ProjectGuide | null {
  const framework = frameworkById(frameworkId);
  if (!framework) return null;
  const plan = planFixes(
    { url: 'https://www.example.com/', checks: [{ id: check.id, name: check.name, status: 'fail', weight: 1, earned: 0, fixGuide: check.steps }] },
    { dir: null, framework, host },
  );
  const c = plan.checks[0];
  const headersFile = plan.headers?.file ?? null;
  return {
    framework: { id: framework.id, label: framework.label, staticDir: framework.staticDir },
    headersFile,
    files: (c?.changes ?? []).map((ch) => ({ path: ch.file, content: ch.after, merge: ch.merge })),
    needs: c?.needs ?? [],
    manual: c?.manual ?? [],
    // A guide of examples only is not planned at all (not offered): its example steps are named from the guide.
    examples: c?.examples ?? check.steps.filter((st) => st.publish && st.source !== 'site' && st.source !== 'owner').map((st) => st.title),
  };
}
