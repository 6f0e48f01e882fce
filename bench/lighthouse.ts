// Runs Lighthouse (mobile preset: emulated phone, slow 4G and 4× CPU slowdown; cold cache) on
// the signed-in dashboard in Debian's Chromium and prints score, LCP, TBT and CLS, the median of
// three runs each way:
// - simulated throttling (Lighthouse's default, the figure issue 6 sets goals for): the page loads
//   at full speed and Lighthouse computes from the trace how long it would have taken;
// - applied throttling ('devtools'): the browser itself slows its network and CPU while the page
//   loads, closer to what a person on such a line and phone sees. Its per-request latency is
//   higher than the simulation's round trip (562 ms against 150 ms), so its figures are higher.
// The two disagree where the simulation's model is rough: it splits the bandwidth evenly over
// every request in flight, also those only waiting for an answer, so requests that overlap the
// scripts' download (the early requests, apps/web/src/lib/early-requests.ts) cost the scripts
// bandwidth there that a real line would not take from them.
// Signing in goes through the provider's real page (Playwright over CDP in the same browser);
// Lighthouse keeps that browser's storage (the stored session) but the HTTP cache is cleared.
// Goals (issue 6): score at least 90, LCP at most 2.5 s.
//
// For the simulated runs the bench also reads Lighthouse's trace and prints how much of the page's
// long tasks its main thread spent on the CPU. The simulation multiplies each task's wall time by
// 4 (the CPU slowdown), so a task that waited for a core counts as the page's own work. On the
// project's 2-core VM, Chromium's other processes (browser, tracing, GPU), the server and
// Lighthouse share the cores with the page, and the page's long tasks ran on the CPU for only
// 28–38 % of their wall time (six runs in one session). The line is data for the team, not the
// goal's measure.
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  type RunningPortal,
  signInOnPage,
  startPortal,
} from './browser-portal';

export interface LighthouseFigures {
  /** Lighthouse reported a runtime error: the run measured nothing. */
  failed?: boolean;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  url: string;
  /** The page's main thread in the trace (simulated runs only). */
  mainThread?: MainThreadTime;
}

/** Tasks of the page's main thread long enough to block once slowed down 4 times (≥ 12.5 ms). */
export interface MainThreadTime {
  tasks: number;
  /** Their wall time, and the part of it the thread ran on the CPU (ms, as observed). */
  wallMs: number;
  cpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

/** Lighthouse's CPU slowdown of the mobile preset, and the length from which a task blocks. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/**
 * The page's main thread: the renderer main thread that parsed or ran script from `pageUrl`.
 * Its top-level tasks (Chromium's `RunTask`) that block once slowed down, with their wall time
 * (`dur`) and their thread's CPU time (`tdur`).
 */
export function mainThreadTime(events: TraceEvent[], pageUrl: string): MainThreadTime | undefined {
  const key = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const rendererMains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map(key),
  );
  const page = events.find(
    (event) =>
      rendererMains.has(key(event)) &&
      (event.name === 'ParseHTML' || event.name === 'EvaluateScript') &&
      (event.args?.beginData?.url ?? event.args?.data?.url ?? '').startsWith(pageUrl),
  );
  if (!page) return undefined;
  const tasks = events
    .filter(
      (event) =>
        key(event) === key(page) &&
        event.ph === 'X' &&
        (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
        event.dur !== undefined &&
        event.tdur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts);
  const figures: MainThreadTime = { tasks: 0, wallMs: 0, cpuMs: 0 };
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the task before
    end = task.ts + task.dur!;
    const wall = task.dur! / 1000;
    const cpu = task.tdur! / 1000;
    if (wall * CPU_SLOWDOWN < LONG_TASK_MS) continue;
    figures.tasks += 1;
    figures.wallMs += wall;
    figures.cpuMs += cpu;
  }
  return figures;
}

type Throttling = 'simulate' | 'devtools';

/** How many runs each way; the figures printed are their medians. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** One cold-cache Lighthouse run on the dashboard, signed in, in a browser of its own. */
async function runLighthouse(
  running: RunningPortal,
  throttlingMethod: Throttling,
  run: number,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await signInOnPage(page, running.baseUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    // Disconnect Playwright before measuring: attached, it injects its scripts into every new
    // document (an ~80 ms task while the dashboard's HTML commits), which no user's browser runs.
    await browser.close();

    const result = await lighthouse(
      `${running.baseUrl}/dashboard`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttlingMethod,
        // Keeps the signed-in session (localStorage); the cache was cleared above.
        disableStorageReset: true,
      },
      undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    // LIGHTHOUSE_JSON=<file> keeps the whole reports for a closer look (<file>-<method>-<run>.json),
    // and their traces (<file>-<method>-<run>.trace.json).
    if (process.env.LIGHTHOUSE_JSON) {
      const file = process.env.LIGHTHOUSE_JSON.replace(/\.json$/, '');
      writeFileSync(`${file}-${throttlingMethod}-${run}.json`, JSON.stringify(lhr));
      // The trace too, for DevTools' Performance panel (Load profile) or a script.
      if (result.artifacts.Trace) {
        writeFileSync(
          `${file}-${throttlingMethod}-${run}.trace.json`,
          JSON.stringify(result.artifacts.Trace),
        );
      }
    }
    if (lhr.runtimeError) console.log(`Lighthouse runtime error: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const trace = result.artifacts.Trace as { traceEvents: TraceEvent[] } | undefined;
    const mainThread =
      throttlingMethod === 'simulate' && trace
        ? mainThreadTime(trace.traceEvents, `${running.baseUrl}/dashboard`)
        : undefined;
    return {
      failed: lhr.runtimeError !== undefined,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      url: lhr.finalDisplayedUrl,
      mainThread,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Both ways, `RUNS` runs each; answers the medians of the simulated runs (the issue's figure)
 * and of the runs with applied throttling.
 */
export async function measureLighthouse(
  portal?: RunningPortal,
): Promise<Record<Throttling, LighthouseFigures>> {
  const running = portal ?? (await startPortal());
  try {
    const medians = {} as Record<Throttling, LighthouseFigures>;
    console.log('\nLighthouse, mobile, cold cache, signed-in dashboard (Debian Chromium)');
    for (const [method, label] of [
      ['simulate', 'simulated throttling (Lighthouse default)'],
      ['devtools', 'applied throttling (devtools)'],
    ] as const) {
      const runs: LighthouseFigures[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        // A run Lighthouse itself could not record (say NO_NAVSTART: the trace missed the
        // navigation) has no figures, not bad ones: it is run again, once, instead of entering
        // the median as a score of 0.
        let figures = await runLighthouse(running, method, run);
        if (figures.failed) figures = await runLighthouse(running, method, run);
        runs.push(figures);
      }
      const figures: LighthouseFigures = {
        score: median(runs.map((each) => each.score)),
        lcpMs: median(runs.map((each) => each.lcpMs)),
        tbtMs: median(runs.map((each) => each.tbtMs)),
        cls: median(runs.map((each) => each.cls)),
        url: runs[0]!.url,
      };
      medians[method] = figures;
      const each = (format: (figures: LighthouseFigures) => string) =>
        `(runs: ${runs.map(format).join(' / ')})`;
      console.log(`\n${label}, median of ${runs.length} runs`);
      console.log(`page        ${figures.url}`);
      console.log(
        `score       ${figures.score}   ${method === 'simulate' ? `(goal ≥ 90: ${figures.score >= 90 ? 'met' : 'MISSED'})   ` : ''}${each((run) => String(run.score))}`,
      );
      console.log(
        `LCP         ${seconds(figures.lcpMs)}   ${method === 'simulate' ? `(goal ≤ 2.5 s: ${figures.lcpMs <= 2500 ? 'met' : 'MISSED'})   ` : ''}${each((run) => seconds(run.lcpMs))}`,
      );
      console.log(
        `TBT         ${Math.round(figures.tbtMs)} ms   ${each((run) => `${Math.round(run.tbtMs)} ms`)}`,
      );
      console.log(`CLS         ${figures.cls.toFixed(3)}   ${each((run) => run.cls.toFixed(3))}`);
      const threads = runs.flatMap((run) => (run.mainThread ? [run.mainThread] : []));
      if (threads.length > 0) {
        const share = (thread: MainThreadTime) => thread.cpuMs / Math.max(1, thread.wallMs);
        console.log(
          `on the CPU  ${Math.round(median(threads.map(share)) * 100)} % of the page's long tasks' wall time (not the goal's measure)   ${each((run) => (run.mainThread ? `${run.mainThread.tasks} tasks, ${Math.round(run.mainThread.cpuMs)} of ${Math.round(run.mainThread.wallMs)} ms` : 'no trace'))}`,
        );
      }
    }
    return medians;
  } finally {
    if (!portal) await running.stop();
  }
}

if (process.argv[1] === import.meta.filename) await measureLighthouse();
