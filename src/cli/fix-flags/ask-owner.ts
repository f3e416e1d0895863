/**
 * The owner's decisions, asked at a terminal. Content Signals, Content-Usage and the AI-training
 * crawler groups are policy: `fix` writes them only from the owner's answer. When `fix` runs on a
 * terminal (stdin and stdout both TTYs, not CI, pretty output, no --no-input) and a planned step
 * needs one of them, it asks: one question per value, the forms it takes shown, Enter skips (the
 * step stays listed as needing it), a bad answer is explained and asked again. After the answers
 * it prints the same choice as `--set` flags, to repeat it without questions; nothing else is asked.
 */
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { isCi } from '../terminal.js';
import { shq } from '../../core/fixes/shell.js';
import { parseOwnerValue, PREFERENCE_VOCABULARY } from '../../core/fixes/owner-value-parse.js';
import type { OwnerValues } from '../../core/fixes/owner-values.js';
import type { FixPlan } from '../../core/fixes/project/plan.js';

/** The values that are the owner's decision (policy), asked in this order. */
export const DECISIONS = ['contentSignal', 'contentUsage', 'aiTraining'] as const;
export type Decision = (typeof DECISIONS)[number];

/** What each decision is, in one line, and the forms it takes. */
const QUESTIONS: Record<Decision, { what: string; takes: string }> = {
  contentSignal: {
    what: 'your Content Signals (robots.txt): may search engines index, AI answer with, and AI train on your content?',
    takes: preferenceForms('contentSignal'),
  },
  contentUsage: {
    what: 'your AI usage preferences (Content-Usage, IETF AIPREF vocabulary): training, AI use, search',
    takes: preferenceForms('contentUsage'),
  },
  aiTraining: {
    what: 'may AI training crawlers (GPTBot, ClaudeBot, Google-Extended, Applebot-Extended, CCBot) crawl the site?',
    takes: 'block (each gets Disallow: /) or allow (each gets Allow: /)',
  },
};

function preferenceForms(name: keyof typeof PREFERENCE_VOCABULARY): string {
  const keys = Object.entries(PREFERENCE_VOCABULARY[name] as Record<string, readonly string[]>).map(([k, v]) => `${k}=${v.join('|')}`);
  return `key=value pairs separated by commas, each key at most once: ${keys.join(', ')}`;
}

/** Whether fix may ask: both ends a terminal, not CI, the pretty output, and no --no-input. */
export function mayAsk(o: { format: string; input: boolean; stdin: { isTTY?: boolean }; stdout: { isTTY?: boolean }; env: NodeJS.ProcessEnv }): boolean {
  return o.input && o.format === 'pretty' && !!o.stdin.isTTY && !!o.stdout.isTTY && !isCi(o.env);
}

/** Ctrl-C at a question: nothing was written. */
export class AskInterrupted extends Error {
  constructor() {
    super('interrupted at a question: nothing written');
    this.name = 'AskInterrupted';
  }
}

export interface Asked {
  /** The decision, and a check whose step needs it ("B2 Content Signals"). */
  value: Decision;
  check: string;
}

/**
 * Asks each decision once, in DECISIONS order; returns the answers given (normalised by the
 * owner-value parser), none for a skipped one. End of input skips the rest.
 */
export async function askDecisions(needed: Asked[], io: { input: Readable; output: Writable }): Promise<OwnerValues> {
  const order = DECISIONS.filter((d) => needed.some((n) => n.value === d));
  if (!order.length) return {};
  const rl = createInterface({ input: io.input, output: io.output, terminal: true });
  // Lines typed ahead are kept in order (a question asked later still gets its line).
  const lines = rl[Symbol.asyncIterator]();
  let interrupted = false;
  rl.on('SIGINT', () => {
    interrupted = true;
    rl.close();
  });
  const say = (text: string) => io.output.write(`${text}\n`);
  const answers: OwnerValues = {};
  try {
    say(`\nfix needs ${order.length === 1 ? 'a decision' : 'decisions'} only you can make (Enter skips: the step is listed as needing it):`);
    questions: for (const name of order) {
      const q = QUESTIONS[name];
      const checks = [...new Set(needed.filter((n) => n.value === name).map((n) => n.check))].join(', ');
      say(`\n${name} (${checks}): ${q.what}`);
      say(`  Takes ${q.takes}.`);
      for (;;) {
        rl.setPrompt(`${name} (Enter skips): `);
        rl.prompt();
        const next = await lines.next();
        if (interrupted) throw new AskInterrupted();
        if (next.done) break questions;
        const text = String(next.value).trim();
        if (!text) {
          say(`  skipped: ${name} stays listed as needed.`);
          break;
        }
        const parsed = parseOwnerValue(name, text);
        if (parsed.ok) {
          answers[name] = parsed.value;
          break;
        }
        say(`  Not taken: ${parsed.error}. Try again, or press Enter to skip.`);
      }
    }
    const given = DECISIONS.filter((d) => answers[d] !== undefined);
    if (given.length) say(`\nTo give the same answers without questions, add:\n  ${setFlags(answers)}\n`);
    return answers;
  } finally {
    rl.close();
  }
}

/** The decisions the plan's steps still need, with the checks that need them. */
export function decisionsNeeded(plan: Pick<FixPlan, 'checks'>): Asked[] {
  return plan.checks.flatMap((c) =>
    c.needs
      .filter((n) => (DECISIONS as readonly string[]).includes(n.value) && !n.givenButUnused)
      .map((n) => ({ value: n.value as Decision, check: `${c.id} ${c.name}` })),
  );
}

/** The answers as `--set` flags, each name=value one single-quoted shell word. */
export function setFlags(answers: OwnerValues): string {
  return DECISIONS.filter((d) => answers[d] !== undefined)
    .map((d) => `--set ${shq(`${d}=${answers[d]}`)}`)
    .join(' ');
}
