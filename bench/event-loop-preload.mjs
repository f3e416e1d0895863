// Preloaded into `ai-ready serve` by bench/hostile.mjs (node --import): measures the process's
// event-loop delay and answers over the IPC channel ("reset" / "report").
import { monitorEventLoopDelay } from 'node:perf_hooks';

const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
process.on('message', (msg) => {
  if (msg === 'reset') h.reset();
  if (msg === 'report') {
    const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
    process.send?.({ p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), samples: h.count });
  }
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
