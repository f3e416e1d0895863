/**
 * `ai-ready fix <url> --dir <project>`: scan the site, turn each failing check's fix guide into
 * changes to the project's files (a diff; --write applies it), and with --verify re-scan a preview
 * of the project and say, per check, fixed / still failing / needs the owner's data.
 */
import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import { commandFail } from '../fail.js';
import { oneLine } from '../../format/sanitize.js';
import { OWNER_VALUES, type OwnerValues } from '../../core/fixes/owner-values.js';
import { FIX_FLAGS } from '../fix-flags/index.js';
import { declaredChecks } from '../declared-checks.js';
import { addFlagOptions } from '../scan-flags/commander.js';
import type { RawFlags } from '../scan-flags/define.js';

/** The declared flags as commander hands them over, and fix's own options. */
type FixFlags = RawFlags<typeof FIX_FLAGS> & {
  dir: string;
  write?: boolean;
  verify?: string;
  set: string[];
  crawlPages: string;
  crawlSeconds: string;
  /** false with --no-input: never ask at the terminal. */
  input: boolean;
};

/** A whole number in [min, max] from a flag's text, or null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

/** The owner values' names, a few to a line, for --help. */
function ownerValueLines(): string {
  const names = Object.keys(OWNER_VALUES);
  const lines: string[] = [];
  for (let i = 0; i < names.length; i += 6) lines.push(`  ${names.slice(i, i + 6).join(', ')}`);
  return lines.join('\n');
}

/** The frameworks fix writes into, from the packs (loaded with the help texts' data: declared-checks.ts). */
function frameworkList(): string {
  const labels = declaredChecks()?.frameworks ?? [];
  return labels.length ? `${labels.slice(0, -1).join(', ')} and a ${labels.at(-1)?.toLowerCase()}` : 'the frameworks of docs/fix.md';
}

export function registerFix(program: Command): void {
  const fix = program
    .command('fix')
    .description("Write the fixes into your site's project: a diff of every change (dry run), --write to apply, --verify to re-scan a preview")
    .argument('<url>', 'the site to scan (its live or preview URL)')
    .requiredOption('--dir <project>', "the site's project folder (its framework is read from package.json and config files)")
    .option('--write', 'apply the changes (default: dry run, print the diff)')
    .option(
      '--verify <preview-url>',
      'after writing, re-scan this URL (a local preview of the project) and report each check as fixed, still failing or needing your data',
    )
    .option(
      '--set <name=value>',
      'a value only you know, for the guides that need it (repeatable; names below); also read from ai-ready.fix.json in --dir',
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option('--crawl-pages <n>', 'pages read of the site to derive llms.txt, sitemap.xml, Markdown twins and JSON-LD (1-1000)', '200')
    .option('--crawl-seconds <s>', 'time the crawl may take, in seconds (1-300)', '30')
    .option(
      '--no-input',
      'never ask at the terminal: a decision not given with --set stays listed as needed (also off in CI, off a terminal, and with --format json|agent)',
    );
  // The flags fix shares with scan are scan's declarations (fix-flags/index.ts).
  addFlagOptions(fix, FIX_FLAGS)
    .addHelpText(
      'after',
      () => `
Frameworks: ${frameworkList()} get file changes; WordPress and hosted builders get the guide
(ai-ready explain).
Nothing the owner wrote is removed: robots.txt lines go into their group, llms.txt and JSON catalogs
are extended, a value you set differently is kept and reported. Only values from the site or from
you are written: examples stay in ai-ready explain. A step that needs your own data (an endpoint, a
contact) or your decision (contentSignal, contentUsage, aiTraining) is not written: the report
names the value. On a terminal, fix asks for the decisions a step needs (one question each, Enter
skips) and prints the same answers as --set flags; it never asks with --no-input, in CI
(CI=true), when stdin or stdout is not a terminal, or with --format json|agent. Capabilities
(MCP, A2A, OpenAPI, OAuth...) are not offered on a content site. Give values with
--set name=value or in ai-ready.fix.json ({ "values": { "siteName": "Acme" } }); a value that is not
what its name takes (a URL that is not http(s), a JWK with a private member) is a usage error.
pageUrls is a list separated by spaces or commas. A guide that does not take a value yet still
names it (docs/fix.md lists which check takes which). The names:
${ownerValueLines()}

--pages, --only, --min-grade and --min-score are scan's flags, with its values and errors; the gates
judge the preview that --verify scans.

Exit codes: 0 done (and with --verify, every gate met), 1 --verify: a written fix still fails or a
gate is missed, 2 usage error, 3 the site could not be scanned, 4 --write could not write a file
(nothing written; the one-line message names the file and the reason), 130 Ctrl-C at a question
(nothing written). More: docs/fix.md

Examples:
  ai-ready fix https://example.com --dir .                       # dry run: the diff
  ai-ready fix https://example.com --dir . --write --verify http://localhost:4321
  ai-ready fix https://example.com --dir . --write --set siteName="Example Co" \\
    --set pageUrls="https://example.com/ https://example.com/about"   # llms.txt lists your pages
  ai-ready fix https://example.com --dir . --write --set contentSignal="search=yes, ai-input=yes, ai-train=no" \\
    --set contentUsage="train-ai=n, search=y" --set aiTraining=block   # your policy, in your words
  ai-ready fix https://example.com --dir . --format agent > FIXES.md   # for a coding agent
  ai-ready scan https://example.com --format agent               # the same prompt without a project`,
    )
    .action(async (url: string, flags: FixFlags, cmd: Command) => {
      const fail = commandFail('fix');
      const { resolveFlags } = await import('../scan-flags/resolve.js');
      const { UsageError } = await import('../usage-error.js');
      let settings;
      try {
        // fix reads no ai-ready.config.json: a typed flag, else the declaration's default.
        settings = await resolveFlags(FIX_FLAGS, flags, (name) => cmd.getOptionValueSource(name) === 'cli', {});
      } catch (e) {
        if (e instanceof UsageError) return fail(e.message);
        throw e;
      }
      const { format, only, minGrade, minScore } = settings;
      if (flags.verify && !flags.write) return fail('--verify re-scans what --write wrote: add --write (or scan the preview with ai-ready scan)');
      // The gates judge the preview --verify scans; without it they would be silently ignored.
      if (!flags.verify && (minGrade !== undefined || minScore !== undefined))
        return fail(`${minGrade !== undefined ? '--min-grade' : '--min-score'} judges the preview that --verify scans: add --write --verify <preview-url>`);

      const crawlPages = wholeNumber(flags.crawlPages, 1, 1000);
      if (crawlPages === null) return fail(`--crawl-pages takes a whole number from 1 to 1000 (got ${JSON.stringify(flags.crawlPages)})`);
      const crawlSeconds = wholeNumber(flags.crawlSeconds, 1, 300);
      if (crawlSeconds === null) return fail(`--crawl-seconds takes a whole number from 1 to 300 (got ${JSON.stringify(flags.crawlSeconds)})`);

      const { detectFramework, ProjectError } = await import('../../core/fixes/project/frameworks.js');
      let framework;
      try {
        framework = detectFramework(flags.dir);
      } catch (e) {
        if (e instanceof ProjectError) return fail(e.message);
        throw e;
      }
      const { ownerValues } = await import('../fix-flags/owner-input.js');
      let values: OwnerValues;
      try {
        values = ownerValues(flags.dir, flags.set);
      } catch (e) {
        if (e instanceof ProjectError) return fail(e.message);
        throw e;
      }
      const { scan } = await import('../../core/scan.js');
      const { isScanError } = await import('../../core/errors.js');
      const { paramsFromSettings } = await import('../../core/scan-params/faces.js');
      // fix's ScanParams, for the site and the preview (the parameters marked `fix`): --only picks the fixes, every check is scanned.
      const params = paramsFromSettings(settings, 'fix');
      const { mayAsk, askDecisions, decisionsNeeded, AskInterrupted } = await import('../fix-flags/ask-owner.js');
      const { planFixes } = await import('../../core/fixes/project/plan.js');
      const planOptions = { dir: flags.dir, framework, host: settings.host, only };
      // The owner's decisions (policy) are asked at a terminal once the guides show which steps need them.
      const askOwner = mayAsk({ format, input: flags.input !== false, stdin: process.stdin, stdout: process.stdout, env: process.env })
        ? async (checks: Parameters<typeof planFixes>[0]['checks']) => {
            const answers = await askDecisions(decisionsNeeded(planFixes({ url, checks }, { ...planOptions, ownerValues: values })), {
              input: process.stdin,
              output: process.stdout,
            });
            values = { ...values, ...answers };
            return answers;
          }
        : undefined;
      const { configOrigin } = await import('../../core/fixes/project/production-origin.js');
      const { DEFAULT_DEADLINE_MS } = await import('../../core/scan.js');
      let result;
      try {
        // The crawl reads the site after the checks, with the scan's guarded client: the deadline makes room for it.
        result = await scan(url, {
          ...params,
          ownerValues: values,
          deadlineMs: DEFAULT_DEADLINE_MS + crawlSeconds * 1000,
          site: { maxPages: crawlPages, maxMs: crawlSeconds * 1000, configOrigin: configOrigin(flags.dir, framework.id), framework: framework.id },
          ...(askOwner ? { askOwner } : {}),
        });
      } catch (e) {
        if (isScanError(e)) return fail(`${url} could not be scanned: ${e.message}`, EXIT.UNREACHABLE);
        if (e instanceof AskInterrupted) return fail(e.message, EXIT.INTERRUPTED);
        throw e;
      }
      const { renderPlan, planJsonText, renderAgentPrompt } = await import('../../format/fix-plan.js');
      const plan = planFixes(result, { ...planOptions, ownerValues: values });
      let written: string[] | undefined;
      if (flags.write) {
        const { writePlan, FixWriteError } = await import('../../core/fixes/project/write.js');
        try {
          written = writePlan(flags.dir, plan);
        } catch (e) {
          if (e instanceof FixWriteError) return fail(oneLine(e.message), EXIT.WRITE_FAILED);
          throw e;
        }
      }
      if (format === 'agent') process.stdout.write(renderAgentPrompt(plan));
      else if (format === 'json' && !flags.verify) process.stdout.write(planJsonText(plan, written));
      else if (format === 'pretty') process.stdout.write(renderPlan(plan, { written }));
      if (!flags.verify) return;

      const { verifyPlan, renderVerification } = await import('../../core/fixes/project/verify.js');
      let preview;
      try {
        preview = await scan(flags.verify, params);
      } catch (e) {
        if (isScanError(e)) return fail(`the preview ${flags.verify} could not be scanned: ${e.message}`, EXIT.UNREACHABLE);
        throw e;
      }
      const { thresholdViolations } = await import('../thresholds.js');
      const verification = verifyPlan(plan, preview, thresholdViolations(preview, { minGrade, minScore }));
      if (format === 'json') process.stdout.write(planJsonText(plan, written, { verification }));
      else process.stdout.write(renderVerification(verification));
      if (!verification.ok) process.exitCode = EXIT.BELOW_THRESHOLD;
    });
}
