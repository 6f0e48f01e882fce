// Upload and download of a 200 MB document through the real API of the built portal (`npm
// start`, fresh data folder, folder blob store, UPLOAD_MAX_BYTES raised for the run), printing
// throughput each way and the server process's peak RSS growth over its idle RSS.
// Goal (issue 7): at least 200 MB/s each way on loopback, at most 64 MB RSS growth.
// Run: cd bench && npm exec -- node --import tsx documents-transfer.ts (Node 24 as pinned;
// BENCH_DOCUMENT_MB changes the size)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildIfStale } from '../scripts/build.mjs';
import { spawnServer } from '../scripts/server-options.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser-portal';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_DOCUMENT_MB ?? 200) * MB;
const TOM = { email: 'tom.trusted@abrechnungszentrum-nord.de', password: 'Demo!2026' };
// Demo ids (apps/server/src/db/seed/demo-ids.ts): Praxis Sonnenschein, its TI order case.
const INSTITUTION = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const BUSINESS_CASE = '8ba7d4e1-a5f6-4673-bc9a-42b9bd1e18d9';

/** Resident set size of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Samples the RSS every 10 ms while `work` runs; answers the work's result and the peak. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, rssOf(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** A multipart body generated on the fly: metadata part, then `size` bytes of plain text. */
function multipartBody(size: number, boundary: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const metadata = JSON.stringify({
    displayName: 'Benchmark Lieferschein.txt',
    createdAt: '2026-11-23',
    type: 'delivery_note',
  });
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${metadata}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const line = encoder.encode('Lieferschein Benchmark, Zeile mit Text für den Durchsatztest.\n');
  const chunk = new Uint8Array(256 * 1024);
  for (let i = 0; i < chunk.length; i += 1) chunk[i] = line[i % line.length] as number;
  let sent = 0;
  let stage: 'head' | 'body' | 'tail' | 'done' = 'head';
  return new ReadableStream({
    pull(controller) {
      if (stage === 'head') {
        controller.enqueue(head);
        stage = 'body';
      } else if (stage === 'body') {
        const n = Math.min(chunk.length, size - sent);
        controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
        sent += n;
        if (sent >= size) stage = 'tail';
      } else if (stage === 'tail') {
        controller.enqueue(tail);
        stage = 'done';
      } else {
        controller.close();
      }
    },
  });
}

async function accessToken(baseUrl: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByLabel('E-Mail').fill(TOM.email);
    await page.getByLabel('Passwort').fill(TOM.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
    const token = await page.waitForFunction(() => {
      for (let i = 0; i < localStorage.length; i += 1) {
        const value = localStorage.getItem(localStorage.key(i) ?? '') ?? '';
        if (value.includes('"access_token"')) return JSON.parse(value).access_token as string;
      }
      return null;
    });
    return (await token.jsonValue()) as string;
  } finally {
    await browser.close();
  }
}

async function main() {
  await buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-documents-'));
  const port = 30_000 + Math.floor(Math.random() * 4_000);
  const baseUrl = `http://localhost:${port}`;
  const child = spawnServer({
    NODE_ENV: 'production',
    SEED_DEMO_DATA: 'true',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PUBLIC_URL: baseUrl,
    UPLOAD_MAX_BYTES: String(SIZE + MB),
  });
  const pid = child.pid as number;
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('the portal did not start within 90 s');
      try {
        if ((await fetch(`${baseUrl}/api/ping`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const token = await accessToken(baseUrl);
    const auth = { Authorization: `Bearer ${token}` };
    // Warm-up: one small round trip, so the baseline includes loaded code paths.
    const warm = await fetch(
      `${baseUrl}/api/institution/${INSTITUTION}/business_case/${BUSINESS_CASE}/document`,
      {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'multipart/form-data; boundary=warmup' },
        body: multipartBody(64 * 1024, 'warmup'),
        duplex: 'half',
      } as RequestInit,
    );
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = rssOf(pid);

    const boundary = `bench${Date.now()}`;
    const upStart = performance.now();
    const upload = await withPeakRss(pid, async () => {
      const response = await fetch(
        `${baseUrl}/api/institution/${INSTITUTION}/business_case/${BUSINESS_CASE}/document`,
        {
          method: 'POST',
          headers: { ...auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
          body: multipartBody(SIZE, boundary),
          duplex: 'half',
        } as RequestInit,
      );
      const body = (await response.json()) as { id?: string; size?: number };
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      return body;
    });
    const upSeconds = (performance.now() - upStart) / 1000;
    if (upload.result.size !== SIZE) throw new Error(`stored ${upload.result.size} bytes`);

    const downStart = performance.now();
    const download = await withPeakRss(pid, async () => {
      const response = await fetch(
        `${baseUrl}/api/institution/${INSTITUTION}/document/${upload.result.id}`,
        { headers: auth },
      );
      if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
      let received = 0;
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        received += part.value.byteLength;
      }
      return received;
    });
    const downSeconds = (performance.now() - downStart) / 1000;
    if (download.result !== SIZE) throw new Error(`downloaded ${download.result} bytes`);

    const rate = (seconds: number) => SIZE / MB / seconds;
    const growth = (peak: number) => (peak - baseline) / MB;
    const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
    console.log(`\nDocument transfer, ${SIZE / MB} MB through the API (folder store, loopback)`);
    console.log(`server idle RSS: ${(baseline / MB).toFixed(1)} MB`);
    console.log(
      `upload:   ${rate(upSeconds).toFixed(0)} MB/s (${upSeconds.toFixed(2)} s), peak RSS growth ${growth(upload.peak).toFixed(1)} MB`,
    );
    console.log(
      `download: ${rate(downSeconds).toFixed(0)} MB/s (${downSeconds.toFixed(2)} s), peak RSS growth ${growth(download.peak).toFixed(1)} MB`,
    );
    console.log(
      `goal ≥ 200 MB/s: upload ${verdict(rate(upSeconds) >= 200)}, download ${verdict(rate(downSeconds) >= 200)}; ` +
        `goal ≤ 64 MB RSS growth: upload ${verdict(growth(upload.peak) <= 64)}, download ${verdict(growth(download.peak) <= 64)}`,
    );
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
