/**
 * `ai-ready fix <url> --dir <project>`: scan the site, turn each failing check's fix guide into
 * changes to the project's files (a diff; --write applies it), and with --verify re-scan a preview
 * of the project and say, per check, fixed / still failing / needs the owner's data.
 */
import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import { commandFail } from '../fail.js';
import { OWNER_VALUES } from '../../core/fixes/owner-values.js';

const FORMATS = ['pretty', 'json', 'agent'] as const;
type FixFormat = (typeof FORMATS)[number];

interface FixFlags {
  dir: string;
  write?: boolean;
  verify?: string;
  format: string;
  only?: string;
  host?: string;
  pages: string;
  minGrade?: string;
  minScore?: string;
  set: string[];
}

/** The owner values' names, a few to a line, for --help. */
function ownerValueLines(): string {
  const names = Object.keys(OWNER_VALUES);
  const lines: string[] = [];
  for (let i = 0; i < names.length; i += 6) lines.push(`  ${names.slice(i, i + 6).join(', ')}`);
  return lines.join('\n');
}

export function registerFix(program: Command): void {
  program
    .command('fix')
    .description("Write the fixes into your site's project: a diff of every change (dry run), --write to apply, --verify to re-scan a preview")
    .argument('<url>', 'the site to scan (its live or preview URL)')
    .requiredOption('--dir <project>', "the site's project folder (its framework is read from package.json and config files)")
    .option('--write', 'apply the changes (default: dry run, print the diff)')
    .option(
      '--verify <preview-url>',
      'after writing, re-scan this URL (a local preview of the project) and report each check as fixed, still failing or needing your data',
    )
    .option('--format <name>', `output: ${FORMATS.join(', ')} (agent: a prompt for a coding agent)`, 'pretty')
    .option('--only <ids>', 'only these checks, comma-separated check ids (see `ai-ready rubric`)')
    .option('--host <name>', 'where response headers go: vercel (vercel.json), netlify (netlify.toml or _headers), cloudflare-pages (_headers), none (printed)')
    .option(
      '--set <name=value>',
      'a value only you know, for the guides that need it (repeatable; names below); also read from ai-ready.fix.json in --dir',
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option('--pages <n>', 'pages sampled for page-level checks (as scan)', '5')
    .option('--min-grade <grade>', 'with --verify: exit 1 when the preview grades below A-F')
    .option('--min-score <n>', 'with --verify: exit 1 when the preview scores below 0-100')
    .option('--no-color', 'plain text without colour')
    .addHelpText(
      'after',
      `
Frameworks: Next.js, Nuxt, Astro, Docusaurus, VitePress, Gatsby, SvelteKit, Eleventy, Hugo, Jekyll and a
plain static folder get file changes; WordPress and hosted builders get the guide (ai-ready explain).
Nothing the owner wrote is removed: robots.txt lines go into their group, llms.txt and JSON catalogs
are extended, a value you set differently is kept and reported. A step that needs your own data
(an endpoint, a contact) is not written: the report names the value. Give values with
--set name=value or in ai-ready.fix.json ({ "values": { "siteName": "Acme" } }); a value that is not
what its name takes (a URL that is not http(s), a JWK with a private member) is a usage error.
pageUrls is a list separated by spaces or commas. A guide that does not take a value yet still
names it (docs/fix.md lists which check takes which). The names:
${ownerValueLines()}

Exit codes: 0 done (and with --verify, every gate met), 1 --verify: a written fix still fails or a
gate is missed, 2 usage error, 3 the site could not be scanned. More: docs/fix.md

Examples:
  ai-ready fix https://example.com --dir .                       # dry run: the diff
  ai-ready fix https://example.com --dir . --write --verify http://localhost:4321
  ai-ready fix https://example.com --dir . --write --set siteName="Example Co" \\
    --set pageUrls="https://example.com/ https://example.com/about"   # llms.txt lists your pages
  ai-ready fix https://example.com --dir . --format agent > FIXES.md   # for a coding agent
  ai-ready scan https://example.com --format agent               # the same prompt without a project`,
    )
    .action(async (url: string, flags: FixFlags) => {
      const fail = commandFail('fix');
      const format = flags.format as FixFormat;
      if (!FORMATS.includes(format)) return fail(`--format must be one of ${FORMATS.join(', ')} (got "${flags.format}")`);
      const pages = Number(flags.pages);
      if (!Number.isInteger(pages) || pages < 1 || pages > 20) return fail(`--pages must be 1-20 (got "${flags.pages}")`);
      const { HEADER_HOSTS } = await import('../../fix/headers-place.js');
      if (flags.host !== undefined && !(HEADER_HOSTS as string[]).includes(flags.host))
        return fail(`--host must be one of ${HEADER_HOSTS.join(', ')} (got "${flags.host}")`);
      const minScore = flags.minScore === undefined ? undefined : Number(flags.minScore);
      if (minScore !== undefined && (!Number.isFinite(minScore) || minScore < 0 || minScore > 100))
        return fail(`--min-score must be 0-100 (got "${flags.minScore}")`);
      const minGrade = flags.minGrade?.toUpperCase();
      if (minGrade !== undefined && !['A', 'B', 'C', 'D', 'F'].includes(minGrade)) return fail(`--min-grade must be A-F (got "${flags.minGrade}")`);
      if (flags.verify && !flags.write) return fail('--verify re-scans what --write wrote: add --write (or scan the preview with ai-ready scan)');

      const { detectFramework, ProjectError } = await import('../../fix/frameworks.js');
      let framework;
      try {
        framework = detectFramework(flags.dir);
      } catch (e) {
        if (e instanceof ProjectError) return fail(e.message);
        throw e;
      }
      const { ownerValues } = await import('../../fix/owner-input.js');
      let values;
      try {
        values = ownerValues(flags.dir, flags.set);
      } catch (e) {
        if (e instanceof ProjectError) return fail(e.message);
        throw e;
      }
      const { scan } = await import('../../core/scan.js');
      const { isScanError } = await import('../../core/errors.js');
      const only = flags.only
        ?.split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
      let result;
      try {
        result = await scan(url, { pages, ownerValues: values });
      } catch (e) {
        if (isScanError(e)) return fail(`${url} could not be scanned: ${e.message}`, EXIT.UNREACHABLE);
        throw e;
      }
      const { planFixes } = await import('../../fix/plan.js');
      const { renderPlan, planJson, renderAgentPrompt } = await import('../../fix/render.js');
      const plan = planFixes(result, { dir: flags.dir, framework, host: flags.host as never, only, ownerValues: values });
      let written: string[] | undefined;
      if (flags.write) {
        const { writePlan } = await import('../../fix/write.js');
        written = writePlan(flags.dir, plan);
      }
      if (format === 'agent') process.stdout.write(renderAgentPrompt(plan));
      else if (format === 'json' && !flags.verify) process.stdout.write(JSON.stringify(planJson(plan, written), null, 2) + '\n');
      else if (format === 'pretty') process.stdout.write(renderPlan(plan, { written }));
      if (!flags.verify) return;

      const { verifyPlan, renderVerification } = await import('../../fix/verify.js');
      let preview;
      try {
        preview = await scan(flags.verify, { pages });
      } catch (e) {
        if (isScanError(e)) return fail(`the preview ${flags.verify} could not be scanned: ${e.message}`, EXIT.UNREACHABLE);
        throw e;
      }
      const { thresholdViolations } = await import('../thresholds.js');
      const verification = verifyPlan(plan, preview, thresholdViolations(preview, { minGrade, minScore }));
      if (format === 'json') process.stdout.write(JSON.stringify({ ...(planJson(plan, written) as object), verification }, null, 2) + '\n');
      else process.stdout.write(renderVerification(verification));
      if (!verification.ok) process.exitCode = EXIT.BELOW_THRESHOLD;
    });
}
