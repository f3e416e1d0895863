import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';

interface McpFlags {
  dataDir?: string;
  account?: string;
  store?: boolean;
  timeout?: string;
}

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('Run the MCP server over stdio for local clients (Claude Desktop, Cursor, VS Code), scanning with the local engine')
    .option('--data-dir <dir>', 'where reports, history and monitors are kept (default: $AI_READY_DATA_DIR or ~/.ai-ready)')
    .option('--account <name>', 'local account owning the reports and monitors', 'local')
    .option('--no-store', 'keep nothing: only the scan and rubric tools')
    .option('--timeout <seconds>', 'whole-scan deadline in seconds', '45')
    .action(async (flags: McpFlags) => {
      const seconds = Number(flags.timeout);
      if (!Number.isFinite(seconds) || seconds <= 0) {
        process.stderr.write('ai-ready: --timeout must be a positive number of seconds\n');
        process.exitCode = EXIT.USAGE;
        return;
      }
      const { runStdioServer } = await import('../../mcp/stdio.js');
      await runStdioServer({ dataDir: flags.dataDir, account: flags.account, noStore: flags.store === false, deadlineMs: seconds * 1000 });
    });
}
