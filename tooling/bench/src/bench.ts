/**
 * `pnpm bench` (issue 13): builds the site and the console for production, starts
 * them with the API on a fresh PostgreSQL database, measures every budget of the
 * issue with its baseline from the same run, and prints one table. Figures are
 * printed, not asserted: the exit status is 1 only when the bench itself broke.
 * Settings: see src/config.ts; method and latest figures: docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { apiSection } from './api';
import { cleanUpOnSignals, runCleanups } from './cleanup';
import { type BenchConfig, readConfig, type Section } from './config';
import { csvSection } from './csv';
import { importSection } from './import';
import { interactionSection } from './interaction';
import { consoleFirstLoadRow, marketingJavaScriptRows } from './javascript';
import { lighthouseSection } from './lighthouse';
import { log } from './log';
import { SCALE_SESSION_SECRET, scaleSection } from './scale';
import { waitlistSignup } from './seed';
import { ssrSection } from './ssr';
import {
  aPostSlug,
  aPostWithUploadedImage,
  type BenchStack,
  buildApps,
  buildTimes,
  rebuiltSince,
  repoRoot,
  signInFirstStaff,
  type StaffSession,
  startBenchStack,
} from './stack';
import { errorRow, renderTable, type Row, summarize } from './table';

interface Context {
  config: BenchConfig;
  bench: BenchStack;
  session: StaffSession;
  postPath: string;
  /** Issue 23: a post with an uploaded featured image (responsive WebP), published through the API. */
  imagePostPath: string;
}

/** An address on the waitlist before the console is opened (its row shows the tab has loaded). */
const CONSOLE_EMAIL = 'first-load@bench.example.com';

const SECTION_TITLES: Record<Section, string> = {
  lighthouse: 'Lighthouse',
  js: 'JS (gzip)',
  inp: 'INP',
  ssr: 'SSR',
  api: 'API',
  csv: 'CSV',
  scale: 'Scale',
  import: 'Import',
};

/** BENCH_PAGES: the pages Lighthouse audits, those named only (all when unset). */
function onlyPages(paths: string[], wanted: string[] | undefined): string[] {
  if (!wanted) return paths;
  const chosen = paths.filter((path) => wanted.includes(path));
  if (chosen.length === 0) throw new Error(`BENCH_PAGES names none of ${paths.join(', ')}`);
  return chosen;
}

const RUNNERS: Record<Section, (context: Context) => Promise<Row[]>> = {
  lighthouse: ({ config, bench, postPath, imagePostPath }) =>
    lighthouseSection(
      bench.stack.marketingUrl!,
      onlyPages(
        ['/', '/features', '/blog', postPath, imagePostPath, '/beta', '/contact', '/beta-feedback'],
        config.lighthousePages,
      ),
      config.lighthouseRuns,
      [imagePostPath],
    ),
  js: async ({ bench, session, postPath }) => {
    const response = await fetch(`${bench.apiUrl}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(waitlistSignup(CONSOLE_EMAIL)),
    });
    if (response.status !== 201 && response.status !== 409) {
      throw new Error(`waitlist signup: HTTP ${response.status}`);
    }
    return [
      ...(await marketingJavaScriptRows(bench.stack.marketingUrl!, postPath)),
      await consoleFirstLoadRow(bench.stack.adminUrl!, session, CONSOLE_EMAIL),
    ];
  },
  inp: ({ config, bench }) => interactionSection(bench.stack.marketingUrl!, config.inpRounds),
  ssr: ({ config, bench, postPath }) =>
    ssrSection({
      cachedServerUrl: bench.stack.marketingUrl!,
      apiUrl: bench.apiUrl,
      pages: ['/', postPath],
      settings: config,
    }),
  api: ({ config, bench, session }) =>
    apiSection({ apiUrl: bench.apiUrl, pool: bench.pool, session, settings: config }),
  csv: ({ bench, session }) =>
    csvSection({
      apiUrl: bench.apiUrl,
      apiPid: bench.apiPid,
      pool: bench.pool,
      databaseUrl: bench.databaseUrl,
      session,
    }),
  scale: ({ config, bench, session }) =>
    scaleSection({
      apiUrl: bench.apiUrl,
      pool: bench.pool,
      session,
      settings: {
        ...config.scale,
        durationSeconds: config.durationSeconds,
        warmupSeconds: config.warmupSeconds,
      },
    }),
  import: ({ config, bench, session }) =>
    importSection({
      apiUrl: bench.apiUrl,
      adminOrigin: new URL(bench.stack.publicUrls.admin).origin,
      session,
      rows: config.importRows,
    }),
};

function gitDescription(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot })
      .toString()
      .trim();
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'unknown commit';
  }
}

function header(config: BenchConfig, startedAt: Date, load: number[], loadAtEnd: number[]): string {
  const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  return [
    `pnpm bench, ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}, ${gitDescription()}`,
    `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), load average at start ${loads(load)}, at the end ${loads(loadAtEnd)}`,
    `Sections: ${config.sections.join(', ')}. autocannon: ${config.connections} connections, ${config.durationSeconds} s after a ${config.warmupSeconds} s warm-up. Lighthouse: median of ${config.lighthouseRuns}. INP: median of ${config.inpRounds} rounds, CPU slowed down 4×.`,
  ].join('\n');
}

async function main(): Promise<number> {
  const config = readConfig();
  cleanUpOnSignals();
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const rows: Row[] = [];
  let broke = false;
  let builtAt: ReturnType<typeof buildTimes> | undefined;
  try {
    const needs = (...sections: Section[]) => sections.some((s) => config.sections.includes(s));
    const marketing = needs('lighthouse', 'js', 'inp', 'ssr');
    if (marketing) {
      buildApps(config.build);
      builtAt = buildTimes();
    }
    log('starting the stack on a fresh database');
    // The scale run keeps the API's production protections (load shedding): a
    // public request refused while the console is read is one of its figures.
    const scale = needs('scale');
    const bench = await startBenchStack({
      databaseServerUrl: config.databaseServerUrl,
      marketing,
      admin: needs('js'),
      ...(scale
        ? { productionProtections: true, apiEnv: { SESSION_SECRET: SCALE_SESSION_SECRET } }
        : {}),
    });
    log(`database ${new URL(bench.databaseUrl).pathname.slice(1)}, API pid ${bench.apiPid}`);
    const session = await signInFirstStaff(bench.apiUrl, bench.setupToken);
    const context: Context = {
      config,
      bench,
      session,
      postPath: `/blog/${await aPostSlug(bench.apiUrl)}`,
      imagePostPath: `/blog/${await aPostWithUploadedImage(bench.stack, session)}`,
    };
    for (const section of config.sections) {
      log(`section ${section}`);
      try {
        rows.push(...(await RUNNERS[section](context)));
      } catch (error) {
        broke = true;
        console.error(error);
        rows.push(errorRow(SECTION_TITLES[section], error));
      }
    }
  } catch (error) {
    broke = true;
    console.error(error);
    rows.push(errorRow('Setup', error));
  } finally {
    log('stopping the servers, dropping the database');
    await runCleanups();
  }
  const minutes = (Date.now() - startedAt.getTime()) / 60_000;
  console.log(`\n${header(config, startedAt, loadAtStart, loadavg())}\n`);
  if (rows.length > 0) console.log(renderTable(rows));
  console.log(`\n${summarize(rows)}\nWall time: ${minutes.toFixed(1)} min`);
  // An e2e suite builds its app before it runs: not during a bench, if it can be helped.
  if (builtAt) for (const warning of rebuiltSince(builtAt, startedAt)) console.log(warning);
  return broke ? 1 : 0;
}

process.exitCode = await main();
// Everything was stopped; should a handle still hold the event loop, do not wait for it.
setTimeout(() => process.exit(), 5_000).unref();
