import { Option, type Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import type { ScanFlags } from '../scan-settings.js';
import { FORMAT_NAMES } from '../../format/names.js';
import { PROFILE_CHOICES } from '../../core/vocabulary.js';
import { declaredChecks, idList } from '../declared-checks.js';

/** The text after the options; the checks it enumerates are those that declare it (cli/declared-checks.ts). */
const helpAfter = (): string => {
  const declared = declaredChecks();
  return `
Formats:
  pretty  the report for people (colour and live progress on a terminal, plain text otherwise)
  json    the v1 ScanResponse; several URLs give one JSON object per line (NDJSON)
  md      a pull-request comment (starts with <!-- ai-ready-report --> for sticky comments)
  html    one self-contained page (several URLs: one file per URL next to --output)
  sarif   SARIF 2.1.0 for code scanning; junit  JUnit XML for test reports
  github  workflow annotations; appends the markdown summary to $GITHUB_STEP_SUMMARY

CI gates (exit 1 when missed; without any gate the exit code is 0 whatever the score):
  --min-grade B  --min-score 70  --min-level 2  --fail-on essential,<id>  --min-dimension bot_access=80
  --baseline base.json --fail-on-regression 5   (save one with --save-baseline base.json;
  with --baseline the pretty and markdown reports show what changed since it)

Config: ai-ready.config.json in the working directory (or --config <file>) holds the same
settings in camelCase (minGrade, failOn, skip, format, profile, urls, ...); flags win.

Site scope: besides the URL itself, up to --pages pages in all are sampled from llms.txt, the
sitemap and the page's own links; the page-level checks${idList(declared?.pageLevel)} run on
each and pass when all pages pass, partial when some do. --pages 1 measures the given page only.

Rendered mode (--render): each sampled page is also loaded in the system's Chrome or Chromium
(AI_READY_CHROME, else chromium / google-chrome on PATH; nothing is downloaded). The checks with
a rendered reading${idList(declared?.rendered)} then read what the browser saw (the WebMCP tools it
registered, the text scripts add, the JSON-LD, product data and hints of the rendered DOM), and
the agent-operability check runs axe-core's rules. Without a browser, --render exits 2.

Batches (several URLs or --input) stream: each site's report (an NDJSON line, a pretty or
markdown section, an HTML file) is written as soon as that site finishes, in finishing order
(without a terminal, stderr says "[3/14 done] input 7: <url>: ..."). A list with a bad line is
refused whole (exit 2, nothing scanned), each bad line named with its line number.
Each scan runs in a worker thread with a heap cap and a hard deadline; a site whose worker
dies is reported as not scanned (exit 3) and the batch goes on.

Exit codes: 0 ok, 1 below a threshold, 2 usage or invalid input, 3 a target could not be scanned.

Examples:
  ai-ready scan yoursite.com
  ai-ready scan yoursite.com --min-grade B --format sarif --output ai-ready.sarif
  ai-ready scan --input urls.txt --max-scans 32 --format json > results.ndjson
  ai-ready scan yoursite.com --badge ai-ready.svg   (a README badge, e.g. committed by CI)`;
};

export function registerScan(program: Command): void {
  program
    .command('scan')
    .description('Scan one or more sites and report how ready they are for AI agents')
    .argument('[urls...]', 'sites to scan (https:// is added when no scheme is given)')
    .addOption(new Option('-f, --format <format>', `${FORMAT_NAMES.join(' | ')} (default: pretty)`))
    .option('--json', 'same as --format json')
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('-i, --input <file>', 'read URLs from a file, one per line ("-" reads stdin)')
    .option(
      '--workers <n>',
      'scan worker threads, for CPU; each scans many sites at once (default for a batch: 1, and a second while the first is busy with CPU and a core is idle; a single site runs on the main thread unless given; 0 = main thread)',
    )
    .option('--max-scans <n>', 'sites scanned at once in a batch, across the worker threads (default: 16)')
    .option('--concurrency <n>', 'sites scanned at once: the older name of --max-scans')
    .option('--worker-heap-mb <mb>', 'heap cap of each scan worker thread in MB (default: 512)')
    .option('--profile <profile>', `${PROFILE_CHOICES.join(' | ')} (default: auto)`)
    .option('--pages <n>', 'pages sampled per site for the page-level checks, the target included: 1-20 (default: 5; 1 = this page only)')
    .option(
      '--render',
      'also load the pages in headless Chrome/Chromium (AI_READY_CHROME or PATH): WebMCP tools registered at run time, the text scripts add, rendered JSON-LD and hints, agent operability; see docs/render.md',
    )
    .option('--timeout <seconds>', 'whole-scan deadline per site, in seconds (default: 45)')
    .option('--skip <ids>', 'check ids (see `ai-ready rubric`) or dimensions to leave out, comma separated (e.g. commerce)')
    .option('--only <ids>', 'run only these checks or dimensions, comma separated')
    .option('--min-grade <grade>', 'exit 1 when the grade is below A-F')
    .option('--min-score <score>', 'exit 1 when the score is below 0-100')
    .option('--min-level <level>', 'exit 1 when the level is below 0-5')
    .option('--min-dimension <dim=score>', 'exit 1 when an applicable dimension scores below, e.g. bot_access=80,content=60')
    .option('--fail-on <ids>', 'exit 1 when any listed check, or any check of a listed tier (essential, recommended, bonus), fails')
    .option('--save-baseline <file>', 'save scores and check statuses as a baseline')
    .option('--baseline <file>', 'compare with a saved baseline')
    .option('--fail-on-regression <points>', 'with --baseline: exit 1 when the score dropped by more than this')
    .option('--markdown-summary <file>', 'also write the markdown summary to a file (for PR comments)')
    .option('--badge <file>', 'also write an SVG badge (score and grade, in the grade colour) for a README')
    .option('--config <file>', 'config file (default: ./ai-ready.config.json when present)')
    .option('--no-config', 'ignore ai-ready.config.json')
    .option('--verbose', 'every fix guide in full, the whole evidence, and every probe behind every check (URL, status, content type, headers)')
    .option('--summary', 'pretty report: score, dimensions and the top fixes only')
    .option('--no-color', 'plain text without colour or animation (also NO_COLOR=1 or CI=true)')
    .addHelpText('after', helpAfter)
    .action(async (urls: string[], flags: ScanFlags, cmd: Command) => {
      const { runScan } = await import('../scan-run.js');
      try {
        process.exitCode = await runScan(urls, flags, (name) => cmd.getOptionValueSource(name) === 'cli');
      } catch (e) {
        // The error classes load only on failure: the baseline module brings zod with it.
        const [{ UsageError }, { ConfigError }, { BaselineError }] = await Promise.all([
          import('../usage-error.js'),
          import('../config.js'),
          import('../baseline.js'),
        ]);
        if (e instanceof UsageError || e instanceof ConfigError || e instanceof BaselineError) {
          process.stderr.write(`ai-ready: ${e.message}\n`);
          process.exitCode = EXIT.USAGE;
          return;
        }
        throw e;
      }
    });
}
