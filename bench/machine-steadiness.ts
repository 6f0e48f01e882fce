// Is this machine steady enough for latency figures? Runs the bare Fastify hello-world of
// api.ts at full load (autocannon, 50 connections) for 30 s and prints, per half-second, its
// answers, the CPU time it used, its CPU time per answer, its major page faults and the
// machine's steal time. Under a steady load the same answer should cost the same CPU time. On the
// project's 2-core VM it did not: 25 to 65 µs (×2.6) within 30 s, with the server on the CPU the
// whole time, no page faults and no steal reported, so the host slowed the guest unseen. Such a
// machine, not the server, then decides p99 at 80 % load (bench/api.ts). Linux only (/proc).
// Not part of `npm run bench`: `cd bench && npm exec -- node --import tsx machine-steadiness.ts`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { cpuTicks, startHelloWorld } from './api';

const SECONDS = 30;
const WINDOW_MS = 500;
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;

/** Major page faults of a process so far (field 12 of stat(5)). */
function majorFaults(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[9]);
}

/** The machine's steal time so far, in clock ticks (the 8th value of /proc/stat's cpu line). */
function stealTicks(): number {
  return Number(readFileSync('/proc/stat', 'latin1').split('\n')[0]!.trim().split(/\s+/)[8]);
}

const hello = await startHelloWorld();
try {
  const pid = hello.pid!;
  let answers = 0;
  const sample = () => ({
    answers,
    ticks: cpuTicks(pid)!,
    faults: majorFaults(pid),
    steal: stealTicks(),
  });
  const samples = [sample()];
  const timer = setInterval(() => samples.push(sample()), WINDOW_MS);
  await new Promise<void>((resolve, reject) => {
    const run = autocannon({ url: hello.url, connections: 50, duration: SECONDS }, (error) =>
      error ? reject(error) : resolve(),
    );
    run.on('response', () => {
      answers++;
    });
  });
  clearInterval(timer);

  const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond;
  console.log(
    `\nMachine steadiness: the bare hello-world at full load for ${SECONDS} s (50 connections), per half-second`,
  );
  console.log('  time   answers   CPU (ms)   CPU per answer (µs)   major faults   steal (ms)');
  const costs: number[] = [];
  let busy = 0;
  for (let index = 1; index < samples.length; index++) {
    const before = samples[index - 1]!;
    const after = samples[index]!;
    const count = after.answers - before.answers;
    const cpu = ms(after.ticks - before.ticks);
    const cost = count > 0 ? (cpu * 1000) / count : Number.NaN;
    if (index > 1 && count > 0) costs.push(cost);
    busy += cpu;
    console.log(
      `${((index * WINDOW_MS) / 1000).toFixed(1).padStart(6)} s ${String(count).padStart(8)} ${cpu.toFixed(0).padStart(10)} ` +
        `${cost.toFixed(1).padStart(21)} ${String(after.faults - before.faults).padStart(14)} ${ms(
          after.steal - before.steal,
        )
          .toFixed(0)
          .padStart(12)}`,
    );
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const lowest = Math.min(...costs);
  const highest = Math.max(...costs);
  console.log(
    `CPU per answer ${lowest.toFixed(1)} to ${highest.toFixed(1)} µs (×${(highest / lowest).toFixed(1)}), ` +
      `with the server on the CPU ${Math.round((busy / ((samples.length - 1) * WINDOW_MS)) * 100)} % of the time; ` +
      `${last.faults - first.faults} major page faults; steal ${ms(last.steal - first.steal).toFixed(0)} ms ` +
      '(the range leaves out the first half-second, warming up).',
  );
} finally {
  await hello.stop();
}
