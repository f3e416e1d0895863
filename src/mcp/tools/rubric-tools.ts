/** get_rubric and get_fix_guide: the published rubric and per-platform fix steps of a check. */
import * as z from 'zod';
import { CHECKS, findCheck } from '../../core/checks/index.js';
import { rubric } from '../../core/rubric.js';
import { FINGERPRINTS, HOSTING_FINGERPRINTS } from '../../core/fixes/platform-fingerprints.js';
import { ToolError } from '../context.js';
import { FixGuideSchema, RubricSchema } from '../schemas.js';
import { defineTool } from './define.js';
import { fixStepsText } from '../../format/fix-steps.js';
import { FRAMEWORK_IDS } from '../../core/fixes/project/frameworks.js';
import { MERGE_KINDS } from '../../core/fixes/project/merge-table.js';
import { projectGuide } from '../../core/fixes/project/project-guide.js';

export const PLATFORMS: string[] = [...new Set([...FINGERPRINTS.map((f) => f.id), ...HOSTING_FINGERPRINTS.map((h) => h.id)])];
const HOSTING_IDS = new Set<string>(HOSTING_FINGERPRINTS.map((h) => h.id));

export const getRubric = defineTool({
  name: 'get_rubric',
  title: 'The scoring rubric',
  description:
    'Returns every check (id, name, dimension, tier, weight, what it looks for, specs), the levels 0-5 with their ' +
    'rules, and the scoring rules (credits, caps, grade bands, profiles).',
  input: z.object({}),
  output: RubricSchema,
  anonymous: false,
  needsStore: false,
  annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
  async run() {
    const r = rubric();
    return {
      data: r,
      summary: `Rubric ${r.rubricVersion}: ${r.checks.length} checks.\n` + r.levels.map((l) => `Level ${l.level} ${l.name}: ${l.rule}`).join('\n'),
    };
  },
});

export const getFixGuide = defineTool({
  name: 'get_fix_guide',
  title: 'How to fix a check',
  description:
    `Returns the ordered fix steps of a check (what to publish, the snippet, how to verify, the ` +
    `spec), written for a platform when given (${PLATFORMS.join(', ')});` +
    ` with a framework (${FRAMEWORK_IDS.join(', ')}), also the files to create or merge in that project's static ` +
    `folder and where the header rules go, as \`ai-ready fix --write\` writes them.`,
  input: z.object({
    checkId: z.string().min(1).max(10).describe('A check id, as get_rubric lists them'),
    platform: z.string().max(40).optional().describe('Platform or host the site runs on; generic steps otherwise'),
    origin: z.string().url().max(2048).optional().describe('The site origin, used in snippets (default https://www.example.com)'),
    framework: z
      .enum(FRAMEWORK_IDS as [string, ...string[]])
      .optional()
      .describe(
        'The project framework: the result also gives the files to create or merge in its static folder and the header ' +
          'rules, as `ai-ready fix --write` writes them in a bare project',
      ),
  }),
  output: FixGuideSchema,
  anonymous: false,
  needsStore: false,
  annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
  async run(args) {
    const check = findCheck(args.checkId);
    if (!check) throw new ToolError(`Unknown check "${args.checkId}". Known: ${CHECKS.map((c) => c.meta.id).join(', ')}.`);
    const platform = args.platform?.trim().toLowerCase() || null;
    if (platform && !PLATFORMS.includes(platform)) throw new ToolError(`Unknown platform "${args.platform}". Known: ${PLATFORMS.join(', ')}.`);
    const origin = args.origin ? new URL(args.origin).origin : 'https://www.example.com';
    const hosting = platform && HOSTING_IDS.has(platform) ? [platform] : [];
    const steps = check.fixGuide({ origin, platform: platform && !HOSTING_IDS.has(platform) ? platform : null, hosting });
    const { meta } = check;
    const project = args.framework ? projectGuide({ id: meta.id, name: meta.name, steps }, args.framework) : null;
    const projectText = project
      ? [
          `In a ${project.framework.label} project:`,
          ...project.files.map((f) => `  ${f.path} (create; if you have it: ${f.merge}, ${MERGE_KINDS[f.merge]})`),
          ...project.needs.map((n) => `  needs your ${n.value}: ${n.description}`),
          ...project.manual.map((m) => `  by hand: ${m.title}`),
        ]
      : [];
    return {
      data: {
        checkId: meta.id,
        name: meta.name,
        dimension: meta.dimension,
        tier: meta.tier,
        platform,
        summary: meta.summary,
        why: meta.why,
        remediation: meta.remediation,
        specUrls: meta.specUrls,
        steps,
        ...(project ? { project } : {}),
      },
      summary: [`${meta.id} ${meta.name}${platform ? ` on ${platform}` : ''}: ${meta.remediation}`, ...fixStepsText(steps), ...projectText].join('\n'),
    };
  },
});
