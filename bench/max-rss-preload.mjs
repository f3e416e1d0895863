// Preloaded into a measured process (node --import): prints its peak RSS (threads included) at exit.
process.on('exit', () => {
  process.stderr.write(`\n[bench] maxRSS=${process.resourceUsage().maxRSS}\n`);
});
