/**
 * Live progress on an interactive terminal (ink), drawn on stderr so stdout stays the report.
 * It shows a spinner, elapsed time, the latest checks and probes (single scan) or a progress bar
 * (batch). Everything is erased before the report is printed: nothing appears twice.
 * Loaded lazily: --help and --version never load ink or react.
 */
import type React from 'react';
import { useEffect, useState } from 'react';
import { Box, Text, render, type Instance } from 'ink';
import type { ScanEvent } from '../core/events.js';
import type { CheckStatus } from '../core/schema.js';
import { oneLine } from '../format/sanitize.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SYMBOL: Record<CheckStatus, string> = { pass: '✓', partial: '◐', fail: '✗', na: '–', info: 'i' };
const COLOR: Record<CheckStatus, string> = { pass: 'green', partial: 'yellow', fail: 'red', na: 'gray', info: 'cyan' };
const SHOWN = 8;

/**
 * Lines the view may use. Ink clears the whole screen and scrollback on every frame once its
 * output is as tall as the terminal, so the view stays below the height (read on each render:
 * the terminal may be resized) and every line is truncated to the width instead of wrapping.
 */
export function roomFor(rows: number | undefined): { checks: number; probes: number } {
  const free = Math.max(0, (rows ?? 0) - 2); // the header line, and one line spare
  const checks = Math.min(SHOWN, free);
  return { checks, probes: Math.min(3, free - checks) };
}

interface CheckLine {
  id: string;
  name: string;
  status: CheckStatus;
  earned: number;
  weight: number;
}

interface ViewState {
  done: boolean;
  urls: string[];
  total: number;
  finished: number;
  failed: number;
  checks: CheckLine[];
  checksDone: number;
  checksTotal: number;
  probes: string[];
}

function useTicker(): { frame: number; seconds: number } {
  const [start] = useState(() => Date.now());
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setFrame((f) => f + 1), 100);
    return () => clearInterval(t);
  }, []);
  return { frame, seconds: (Date.now() - start) / 1000 };
}

function View({ state, rows }: { state: ViewState; rows: number | undefined }): React.ReactElement | null {
  const { frame, seconds } = useTicker();
  if (state.done) return null;
  const spin = SPINNER[frame % SPINNER.length];
  const room = roomFor(rows);
  if (state.total > 1) {
    const width = 30;
    const filled = Math.round((state.finished / state.total) * width);
    return (
      <Box flexDirection="column">
        <Text wrap="truncate-end">
          <Text color="cyan">{spin}</Text> Scanning {state.total} sites · {seconds.toFixed(1)} s
        </Text>
        <Text wrap="truncate-end">
          <Text color="green">{'█'.repeat(filled)}</Text>
          <Text color="gray">{'░'.repeat(width - filled)}</Text> {state.finished}/{state.total}
          {state.failed ? <Text color="red"> ({state.failed} could not be scanned)</Text> : null}
        </Text>
        {state.urls.slice(0, Math.min(4, Math.max(0, room.checks + room.probes - 1))).map((u) => (
          <Text key={u} color="gray" wrap="truncate-end">
            {'  '}
            {u}
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text color="cyan">{spin}</Text> Scanning {state.urls[0] ?? ''} · {seconds.toFixed(1)} s
        {state.checksTotal ? ` · ${state.checksDone}/${state.checksTotal} checks` : ''}
      </Text>
      {(room.checks ? state.checks.slice(-room.checks) : []).map((c) => (
        <Text key={c.id} wrap="truncate-end">
          {'  '}
          <Text color={COLOR[c.status]}>{SYMBOL[c.status]}</Text> {c.id} {c.name}{' '}
          <Text color="gray">{c.status === 'na' || c.status === 'info' ? c.status : `${c.earned}/${c.weight}`}</Text>
        </Text>
      ))}
      {(room.probes ? state.probes.slice(-room.probes) : []).map((p, i) => (
        <Text key={i} color="gray" wrap="truncate-end">
          {'  '}
          {p}
        </Text>
      ))}
    </Box>
  );
}

export interface LiveProgress {
  event(url: string, ev: ScanEvent): void;
  started(url: string): void;
  finished(url: string, ok: boolean): void;
  /** Erases the view; resolve before printing the report. */
  stop(): Promise<void>;
}

export function startLiveProgress(total: number, stream: NodeJS.WriteStream = process.stderr): LiveProgress {
  const state: ViewState = { done: false, urls: [], total, finished: 0, failed: 0, checks: [], checksDone: 0, checksTotal: 0, probes: [] };
  let instance: Instance | null = render(<View state={{ ...state }} rows={stream.rows} />, { stdout: stream, patchConsole: false, exitOnCtrlC: false });
  let pending = false;
  // Coalesce bursts of events into one render per tick.
  const update = () => {
    if (pending || !instance) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      instance?.rerender(<View state={{ ...state, checks: [...state.checks], probes: [...state.probes], urls: [...state.urls] }} rows={stream.rows} />);
    });
  };
  return {
    started(url) {
      state.urls.push(oneLine(url, 80));
      update();
    },
    finished(url, ok) {
      state.urls = state.urls.filter((u) => u !== oneLine(url, 80));
      state.finished++;
      if (!ok) state.failed++;
      update();
    },
    event(_url, ev) {
      if (total > 1) return;
      if (ev.type === 'started') state.checksTotal = ev.checks;
      else if (ev.type === 'check') {
        state.checks.push({ id: ev.id, name: oneLine(ev.name, 40), status: ev.status, earned: ev.earned, weight: ev.weight });
        state.checksDone = ev.done;
        state.checksTotal = ev.total;
      } else if (ev.type === 'probe') {
        let path = ev.url;
        try {
          path = new URL(ev.url).pathname;
        } catch {
          // keep the raw URL
        }
        state.probes.push(`${ev.method} ${oneLine(path, 60)} → ${ev.status ?? oneLine(ev.error ?? 'error', 40)}`);
        if (state.probes.length > 10) state.probes.shift();
      }
      update();
    },
    async stop() {
      if (!instance) return;
      const inst = instance;
      instance = null;
      inst.rerender(<View state={{ ...state, done: true }} rows={stream.rows} />);
      await new Promise((r) => setImmediate(r));
      inst.clear();
      inst.unmount();
      await new Promise((r) => setImmediate(r));
    },
  };
}
