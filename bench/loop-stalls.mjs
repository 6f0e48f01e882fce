// Preload for the API bench's server: reports the server's event-loop stalls, each with the CPU
// time its main thread used meanwhile, to tell work in the server (CPU time ≈ the stall) from
// time the thread was not running at all (CPU time near 0: descheduled, or a halted vCPU woken
// late). Every 2 s, on stderr, the stalls of at least STALL_MS as `start+length(cpu used)` in ms.
// BENCH_API_NODE_ARGS="--import ./bench/loop-stalls.mjs" npm exec -- node --import tsx bench/api.ts
// (from the repository root; needs Node ≥ 23.9 for process.threadCpuUsage, as `npm run` gives).
const STALL_MS = 12;
const TICK_MS = 2;

let last = performance.now();
let lastCpu = process.threadCpuUsage();
const stalls = [];
setInterval(() => {
  const now = performance.now();
  const cpu = process.threadCpuUsage();
  if (now - last >= STALL_MS) {
    const used = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
    stalls.push(`${Math.round(last)}+${Math.round(now - last)}(cpu ${Math.round(used)})`);
  }
  last = now;
  lastCpu = cpu;
}, TICK_MS).unref();
setInterval(() => {
  if (stalls.length === 0) return;
  process.stderr.write(`[server] event-loop stalls: ${stalls.join(' ')}\n`);
  stalls.length = 0;
}, 2_000).unref();
