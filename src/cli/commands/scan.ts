import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import type { ScanFlags } from '../scan-settings.js';
import { declaredChecks, idList } from '../declared-checks.js';
import { SCAN_FLAGS } from '../scan-flags/index.js';
import { addFlagOptions } from '../scan-flags/commander.js';

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
  const scan = program
    .command('scan')
    .description('Scan one or more sites and report how ready they are for AI agents')
    .argument('[urls...]', 'sites to scan (https:// is added when no scheme is given)');
  // Every option comes from the flag declarations (scan-flags/): plain data, no zod at start-up.
  addFlagOptions(scan, SCAN_FLAGS)
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
