/**
 * `pnpm --filter @repo/bench trace [path ...]` (issue 32): Chromium performance traces
 * of page loads with the CPU slowed down 4× (Emulation.setCPUThrottlingRate, as the
 * INP section does), printing every top-level main-thread task of 25 ms or more with
 * what ran inside it (script evaluation, function calls, style, layout) and the
 * functions that took its time (the trace's CPU profile samples). A tool to find what
 * a long task is made of; the figures the budgets use are Lighthouse's (BENCH_ONLY=lighthouse).
 *
 * Starts the stack on a fresh database (BENCH_DATABASE_URL or TEST_DATABASE_URL's
 * server) with the built site (build it first: `pnpm --filter @repo/marketing build`).
 * TRACE_RUNS: loads per page (default 3); TRACE_MIN_MS: the smallest task listed (25);
 * TRACE_CPU: the slowdown (4; 1 shows the load as Lighthouse's simulation observes it,
 * before it multiplies each task by 4, so a task over 12.5 ms there is a long task in its figures).
 * TRACE_CLICK="Apply for Beta Access": traces a click instead of the load (INP): the page
 * loads untraced, the pointer rests on the link or button of that name (as a visitor's
 * does, loading what its hover loads), then the click is traced for 2 s; times count from it.
 */
import { loadavg } from 'node:os';
import { launchBrowser } from '@repo/e2e';
import { cleanUpOnSignals, onCleanup, runCleanups } from './cleanup';
import { readConfig } from './config';
import { log } from './log';
import { startBenchStack } from './stack';

/** TRACE_CPU=1: unslowed, as Lighthouse's simulation observes a load (it multiplies by 4 after). */
const CPU_SLOWDOWN = Number(process.env.TRACE_CPU ?? 4);
const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const MIN_TASK_MS = Number(process.env.TRACE_MIN_MS ?? 25);
const CLICK = process.env.TRACE_CLICK?.trim() || undefined;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & {
    name?: string;
    data?: Record<string, unknown>;
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const short = (url: unknown) =>
  typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') : '';

/** The renderer main thread that loaded `origin`'s page (or marked the traced click). */
function mainThread(events: TraceEvent[], origin: string): { pid: number; tid: number } {
  const threads = events.filter(
    (event) =>
      event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  let best: { pid: number; tid: number; count: number } | undefined;
  for (const thread of threads) {
    const count = events.filter(
      (event) =>
        event.pid === thread.pid &&
        event.tid === thread.tid &&
        event.name === 'EvaluateScript' &&
        String(event.args?.data?.url ?? '').startsWith(origin),
    ).length;
    const parse = events.some(
      (event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'ParseHTML',
    );
    const clicked = events.some(
      (event) =>
        event.pid === thread.pid &&
        event.tid === thread.tid &&
        event.name === 'wordloom:trace-click',
    );
    const score = count + (parse ? 1 : 0) + (clicked ? 100 : 0);
    if (!best || score > best.count) best = { pid: thread.pid, tid: thread.tid, count: score };
  }
  if (!best) throw new Error('no renderer main thread in the trace');
  return best;
}

/** The CPU profile samples of the thread: time stamp (µs) and node. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === pid && event.tid === tid,
  );
  if (!profile) return { nodes, samples };
  let ts = Number(profile.args?.data?.startTime ?? profile.ts);
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || chunk.id !== profile.id || chunk.pid !== pid) continue;
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, index) => {
      ts += deltas[index] ?? 0;
      samples.push({ ts, node: id });
    });
  }
  return { nodes, samples };
}

function describeTask(
  events: TraceEvent[],
  task: TraceEvent,
  profile: ReturnType<typeof samplesOf>,
): string[] {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter(
    (event) =>
      event.pid === task.pid &&
      event.tid === task.tid &&
      event.ph === 'X' &&
      event.ts >= task.ts &&
      event.ts < end &&
      event !== task &&
      (event.dur ?? 0) >= 2000,
  );
  const lines: string[] = [];
  const interesting = new Set([
    'EvaluateScript',
    'v8.evaluateModule',
    'v8.compileModule',
    'v8.compile',
    'FunctionCall',
    'TimerFire',
    'FireAnimationFrame',
    'RunMicrotasks',
    'ParseHTML',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'PrePaint',
    'Commit',
    'EventDispatch',
    'ParseAuthorStyleSheet',
    'HitTest',
    'v8.run',
    'MajorGC',
    'MinorGC',
    'V8.GC_SCAVENGER',
    'V8.GC_MARK_COMPACTOR',
  ]);
  for (const event of inside) {
    if (!interesting.has(event.name)) continue;
    const data = event.args?.data ?? {};
    const what = [
      short(data.url ?? (event.args as Record<string, unknown>)?.fileName),
      data.functionName,
      data.type,
      // A style recalculation: how many elements it restyled.
      typeof event.args?.elementCount === 'number' ? `${event.args.elementCount} elements` : '',
    ]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(' ');
    lines.push(`      ${event.name} ${((event.dur ?? 0) / 1000).toFixed(1)} ms ${what}`);
  }
  // The functions that took the task's time: self time, and the script (URL) totals.
  const self = new Map<string, number>();
  const byUrl = new Map<string, number>();
  const inTask = profile.samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
  for (let index = 0; index < inTask.length; index++) {
    const sample = inTask[index]!;
    const next = inTask[index + 1]?.ts ?? end;
    const weight = Math.min(next - sample.ts, 5000);
    const node = profile.nodes.get(sample.node);
    if (!node) continue;
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber ?? ''}`;
    self.set(key, (self.get(key) ?? 0) + weight);
    // Attribute to the nearest frame with a URL.
    let current: ProfileNode | undefined = node;
    while (current && !current.callFrame.url)
      current = current.parent ? profile.nodes.get(current.parent) : undefined;
    const url = current ? short(current.callFrame.url) : `(${frame.functionName})`;
    byUrl.set(url, (byUrl.get(url) ?? 0) + weight);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, us]) => `${(us / 1000).toFixed(1)} ${key}`)
      .join('; ');
  if (inTask.length > 0) {
    lines.push(`      by script: ${top(byUrl, 8)}`);
    lines.push(`      self: ${top(self, 10)}`);
  }
  return lines;
}

async function traceLoad(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => {
      events.push(...(message.value as unknown as TraceEvent[]));
    });
    const complete = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      // The idle-time work (analytics, the skeleton) after the load: 2 s at most (when-idle.ts).
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 3000)));
    };
    const target = CLICK
      ? page
          .getByRole('link', { name: CLICK })
          .or(page.getByRole('button', { name: CLICK }))
          .first()
      : undefined;
    if (target) {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await target.hover();
      await settle();
    }
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    if (target) {
      await page.evaluate(() => performance.mark('wordloom:trace-click'));
      await target.click();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2000)));
    } else {
      await page.goto(url, { waitUntil: 'load' });
      await settle();
    }
    await cdp.send('Tracing.end');
    await complete;
    const origin = new URL(url).origin;
    const { pid, tid } = mainThread(events, origin);
    const start = events.find(
      (event) =>
        event.pid === pid &&
        event.tid === tid &&
        (target ? event.name === 'wordloom:trace-click' : event.name === 'ParseHTML'),
    );
    const zero = start?.ts ?? 0;
    const tasks = events
      .filter(
        (event) =>
          event.pid === pid &&
          event.tid === tid &&
          event.ph === 'X' &&
          (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
          (event.dur ?? 0) >= MIN_TASK_MS * 1000,
      )
      .sort((a, b) => a.ts - b.ts);
    const profile = samplesOf(events, pid, tid);
    const longest = Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000));
    console.log(
      `  ${new URL(url).pathname}: longest task ${longest.toFixed(1)} ms, ${tasks.length} ≥ ${MIN_TASK_MS} ms`,
    );
    for (const task of tasks) {
      console.log(
        `    ${((task.dur ?? 0) / 1000).toFixed(1)} ms at ${((task.ts - zero) / 1000).toFixed(0)} ms`,
      );
      for (const line of describeTask(events, task, profile)) console.log(line);
    }
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const config = readConfig();
  cleanUpOnSignals();
  const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const targets = paths.length > 0 ? paths : ['/contact', '/beta-feedback'];
  try {
    const bench = await startBenchStack({
      databaseServerUrl: config.databaseServerUrl,
      marketing: true,
      admin: false,
    });
    const base = bench.stack.marketingUrl!;
    const browser = await launchBrowser();
    onCleanup('Chromium (trace)', () => browser.close());
    for (let run = 1; run <= RUNS; run++) {
      console.log(
        `run ${run} (load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
      );
      for (const path of targets) await traceLoad(browser, new URL(path, base).href);
    }
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    log('stopping');
    await runCleanups();
  }
}

process.exitCode = await main();
setTimeout(() => process.exit(), 5_000).unref();
