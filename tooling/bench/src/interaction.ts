/**
 * Section 'inp' (issue 22): Interaction to Next Paint of the waitlist wizard's
 * interactions on /beta, in Chromium with the CPU slowed down 4 times.
 *
 * Each round opens /beta in a fresh browser context (nothing cached), slowed down
 * from before the navigation (so hydration runs slowed too), and goes through the
 * overlay as a visitor would, by role and label: open it, type an email, Continue,
 * the remaining text steps by Enter, a radio choice (which moves on by itself after
 * 500 ms), Continue past the optional step, the select opened and an option picked,
 * then Complete, with a fresh address each round; the success screen must show.
 *
 * web-vitals (its attribution build, loaded into every page before the site's
 * scripts) reports the page's INP with reportAllChanges. INP is one figure for the
 * whole visit (the worst interaction), so each interaction's own latency is read
 * from what web-vitals itself reads: the Event Timing entries the page's
 * PerformanceObserver buffers, grouped by interactionId (an interaction's latency
 * is the longest duration among its pointerdown/pointerup/click or keydown/keyup
 * entries), each group assigned to the step the bench was doing when it began.
 * Typing an address is one interaction per key: its figure is the worst key, as
 * INP would count it. The largest of all groups is checked against web-vitals' INP.
 *
 * The baseline, in the same rounds: the same kinds of interaction on a page with no
 * framework (src/plain-form.ts), slowed down the same. Figures are printed, never
 * asserted.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '@repo/e2e';
import { onCleanup } from './cleanup';
import { log } from './log';
import { startPlainForm } from './plain-form';
import type { Row } from './table';

/** Issue 22: every interaction of the wizard within this many milliseconds. */
const INP_BUDGET_MS = 100;
/** Issue 22: the CPU slowed down this many times (Lighthouse's mobile profile uses 4 too). */
const CPU_SLOWDOWN = 4;
/** Event Timing reports no entry shorter than this (the smallest durationThreshold allowed). */
const EVENT_THRESHOLD_MS = 16;
/** Between two keys when typing: a quick typist's pace, so the keys do not queue up. */
const TYPING_DELAY_MS = 120;

type Browser = Awaited<ReturnType<typeof launchBrowser>>;
type BrowserContext = Awaited<ReturnType<Browser['newContext']>>;
type Page = Awaited<ReturnType<BrowserContext['newPage']>>;

/** The interactions measured, in the order of a round. */
const STEPS = [
  { key: 'open', label: 'open the overlay (click "Apply for Beta Access")' },
  { key: 'type', label: 'type the email (worst key)' },
  { key: 'advance', label: 'advance (click Continue)' },
  { key: 'enter', label: 'advance by Enter (worst of steps 2 to 4)' },
  { key: 'radio', label: 'choose a radio option (user type)' },
  { key: 'toLast', label: 'advance to the last step (Continue on the optional step)' },
  { key: 'selectOpen', label: 'open the select (primary use)' },
  { key: 'selectPick', label: 'pick an option in the select' },
  { key: 'submit', label: 'submit (click Complete)' },
] as const;
type StepKey = (typeof STEPS)[number]['key'];

/** What the plain page compares each step with (its select is a radio group's nearest kin). */
const BASELINE_OF: Record<StepKey, StepKey> = {
  open: 'open',
  type: 'type',
  advance: 'advance',
  enter: 'advance',
  radio: 'radio',
  toLast: 'advance',
  selectOpen: 'radio',
  selectPick: 'radio',
  submit: 'submit',
};

interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  target: string;
}

interface WebVitalsInp {
  value: number;
  target: string;
  type: string;
  inputDelay: number;
  processingDuration: number;
  presentationDelay: number;
}

interface Probe {
  events: EventEntry[];
  inp: WebVitalsInp | null;
  /** Set by WATCH_DIALOG: the opening click's time and the frame after the dialog appeared. */
  clickAt?: number;
  dialogAt?: number;
  /** When the dialog entered the page (or opened). */
  dialogEnteredAt?: number;
}

declare global {
  interface Window {
    __benchInp?: Probe;
  }
}

/** web-vitals' IIFE build (a browser script setting `webVitals`), from the package's folder. */
function webVitalsScript(): string {
  const require = createRequire(import.meta.url);
  // The package exports no path to its IIFE builds: they sit beside the attribution entry.
  const entry = require.resolve('web-vitals/attribution');
  return readFileSync(path.join(path.dirname(entry), 'web-vitals.attribution.iife.js'), 'utf8');
}

/**
 * Runs in every page before its own scripts, after web-vitals: buffers Event Timing
 * entries and web-vitals' INP in window.__benchInp. Plain JavaScript: a function
 * compiled by tsx would carry its helpers (__name) into the page.
 */
const PROBE = `(() => {
  if (window !== window.top) return;
  const store = { events: [], inp: null };
  window.__benchInp = store;
  const describe = (node) => {
    if (!(node instanceof Element)) return '';
    const text = (node.getAttribute('aria-label') || node.textContent || '').trim().slice(0, 40);
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (text ? ' "' + text + '"' : '');
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      store.events.push({
        name: entry.name,
        interactionId: entry.interactionId,
        startTime: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
        // Described when observed, after the frame: a button may have a new label by then.
        target: describe(entry.target),
      });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: ${EVENT_THRESHOLD_MS} });
  webVitals.onINP((metric) => {
    store.inp = {
      value: metric.value,
      target: metric.attribution.interactionTarget,
      type: metric.attribution.interactionType,
      inputDelay: metric.attribution.inputDelay,
      processingDuration: metric.attribution.processingDuration,
      presentationDelay: metric.attribution.presentationDelay,
    };
  }, { reportAllChanges: true, durationThreshold: ${EVENT_THRESHOLD_MS}, generateTarget: describe });
})();`;

/**
 * Run just before the opening click: notes the click's time, when a dialog enters the
 * page, and the first frame after that. The overlay's code is lazy (React.lazy): the
 * click's own frame may show nothing yet, and INP ends at that frame. A dialog that
 * entered while the click was being handled painted in the click's own frame, which
 * the click's Event Timing entry ends at (Recorder.finish); the task after the next
 * frame (dialogAt) is the measure otherwise: it also counts work queued before it.
 */
const WATCH_DIALOG = `(() => {
  const store = window.__benchInp;
  addEventListener('click', (event) => { store.clickAt = event.timeStamp; }, { capture: true, once: true });
  new MutationObserver((records, observer) => {
    if (!document.querySelector('[role="dialog"], dialog[open]')) return;
    observer.disconnect();
    store.dialogEnteredAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => { store.dialogAt = performance.now(); }));
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });
})()`;

/** One interaction's latency: the longest entry of its group, with where the time went. */
interface Interaction {
  step: StepKey | undefined;
  startTime: number;
  latency: number;
  inputDelay: number;
  processing: number;
  presentation: number;
  events: string;
}

function interactionsOf(
  events: EventEntry[],
  marks: { step?: StepKey; at: number }[],
): Interaction[] {
  const groups = new Map<number, EventEntry[]>();
  for (const entry of events) {
    const group = groups.get(entry.interactionId) ?? [];
    group.push(entry);
    groups.set(entry.interactionId, group);
  }
  return [...groups.values()].map((group) => {
    const longest = group.reduce((a, b) => (b.duration > a.duration ? b : a));
    const startTime = Math.min(...group.map((entry) => entry.startTime));
    // Event Timing rounds durations to 8 ms: entries of one frame end within 8 ms of each other.
    const paintedAt = longest.startTime + longest.duration;
    const frame = group.filter(
      (entry) => Math.abs(entry.startTime + entry.duration - paintedAt) <= 8,
    );
    // The step under way when the interaction began (marks are taken just before each step).
    const mark = marks.filter((candidate) => candidate.at <= startTime).pop();
    return {
      step: mark?.step,
      startTime,
      latency: longest.duration,
      // Where the time went, as web-vitals splits it: over the entries painted in the
      // longest one's frame (a click's pointerdown and click share one; a key's keyup
      // comes frames after its keydown).
      inputDelay:
        Math.min(...frame.map((entry) => entry.processingStart)) -
        Math.min(...frame.map((entry) => entry.startTime)),
      processing:
        Math.max(...frame.map((entry) => entry.processingEnd)) -
        Math.min(...frame.map((entry) => entry.processingStart)),
      presentation: Math.max(0, paintedAt - Math.max(...frame.map((entry) => entry.processingEnd))),
      events: [...new Set(group.map((entry) => entry.name))].join('/') + ` on ${longest.target}`,
    };
  });
}

/** From the opening click to the frame that first showed the dialog (see WATCH_DIALOG). */
function dialogPaintedAfterClick(probed: Probe): number {
  const { clickAt, dialogAt, dialogEnteredAt } = probed;
  if (clickAt === undefined || dialogAt === undefined) return Number.NaN;
  const click = probed.events.find(
    (entry) => entry.name === 'click' && Math.abs(entry.startTime - clickAt) < 1,
  );
  if (click && dialogEnteredAt !== undefined && dialogEnteredAt <= click.processingEnd) {
    return click.startTime + click.duration - clickAt;
  }
  return dialogAt - clickAt;
}

interface RoundResult {
  /** Each step's latency (its worst interaction); EVENT_THRESHOLD_MS when no entry reached it. */
  latency: Partial<Record<StepKey, number>>;
  /** web-vitals' INP of the whole visit. */
  pageInp: number;
  /** From the opening click to the first frame after the dialog entered the page. */
  dialogShownMs: number;
}

/** A fresh context and page with the CPU slowed down and the probe installed. */
async function slowedPage(
  browser: Browser,
  script: string,
): Promise<{ context: BrowserContext; page: Page }> {
  // The site's CSP refuses inline scripts, but an init script is injected through the
  // DevTools protocol, which no page policy governs (checked: web-vitals reports under the
  // site's own CSP). So no bypassCSP: the page runs under the policy visitors get.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({
    content: `${script}\n;${PROBE}`,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Waits until no request of the page has been in flight for `quietMs`. */
async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const up = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const down = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  try {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (inFlight === 0 && Date.now() - lastChange >= quietMs) return;
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', up);
    page.off('requestfinished', down);
    page.off('requestfailed', down);
  }
}

/** Marks the start of each step in the page's clock, and reads the round's figures at the end. */
class Recorder {
  readonly marks: { step?: StepKey; at: number }[] = [];
  constructor(private readonly page: Page) {}

  /** Runs `action` as step `step` (undefined: driving on, not measured). */
  async step(step: StepKey | undefined, action: () => Promise<unknown>): Promise<void> {
    this.marks.push({ step, at: await this.page.evaluate(() => performance.now()) });
    await action();
  }

  async finish(label: string): Promise<RoundResult> {
    // Event Timing entries arrive after the next paint: a moment for the last ones.
    await this.page.waitForTimeout(1000);
    const probed = await this.page.evaluate(() => window.__benchInp);
    if (!probed) throw new Error(`${label}: the web-vitals probe did not run in the page`);
    const interactions = interactionsOf(probed.events, this.marks);
    const latency: Partial<Record<StepKey, number>> = {};
    for (const { key } of STEPS) {
      if (!this.marks.some((mark) => mark.step === key)) continue;
      const own = interactions.filter((interaction) => interaction.step === key);
      latency[key] = Math.max(EVENT_THRESHOLD_MS, ...own.map((interaction) => interaction.latency));
    }
    // Typing is one interaction a key: which keys were slow (1 is the first key).
    const keys = interactions
      .filter((interaction) => interaction.step === 'type')
      .sort((a, b) => a.startTime - b.startTime);
    const slowKeys = keys
      .map((key, index) => ({ index: index + 1, latency: key.latency }))
      .filter((key) => key.latency > 2 * EVENT_THRESHOLD_MS)
      .map((key) => `#${key.index} ${Math.round(key.latency)}`);
    const dialogShownMs = dialogPaintedAfterClick(probed);
    const worst = interactions.reduce<Interaction | undefined>(
      (a, b) => (!a || b.latency > a.latency ? b : a),
      undefined,
    );
    const pageInp = probed.inp?.value ?? 0;
    const details = STEPS.filter(({ key }) => latency[key] !== undefined)
      .map(({ key }) => `${key} ${Math.round(latency[key]!)}`)
      .join(', ');
    const attribution = probed.inp
      ? `web-vitals INP ${Math.round(pageInp)} ms (${probed.inp.type} on ${probed.inp.target || '(removed)'}: input delay ${Math.round(probed.inp.inputDelay)}, processing ${Math.round(probed.inp.processingDuration)}, presentation ${Math.round(probed.inp.presentationDelay)})`
      : 'web-vitals reported no INP';
    log(
      `${label} (load ${loadavg()[0]!.toFixed(1)}): ${interactions.length} interactions; ${details} ms; keys over ${2 * EVENT_THRESHOLD_MS} ms: ${slowKeys.join(', ') || 'none'} of ${keys.length}; dialog painted ${Math.round(dialogShownMs)} ms after the click; worst ${worst ? `${Math.round(worst.latency)} ms (${worst.step ?? 'between steps'}: ${worst.events}; input delay ${Math.round(worst.inputDelay)}, processing ${Math.round(worst.processing)}, presentation ${Math.round(worst.presentation)})` : 'none'}; ${attribution}`,
    );
    if (worst && probed.inp && Math.abs(worst.latency - pageInp) > 8) {
      log(`${label}: note: web-vitals' INP differs from the worst Event Timing group`);
    }
    return { latency, pageInp, dialogShownMs };
  }
}

/** One visit of /beta through the overlay wizard, submitted with `email`. */
async function wizardRound(
  page: Page,
  siteUrl: string,
  email: string,
  label: string,
): Promise<RoundResult> {
  await page.goto(new URL('/beta', siteUrl).href);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
  await networkQuiet(page);
  const record = new Recorder(page);
  const opener = page.getByRole('button', { name: 'Apply for Beta Access' }).first();
  // A visitor's pointer reaches the button before the click: its hover loads the overlay's code.
  await opener.hover();
  await networkQuiet(page, 300);
  const dialog = page.getByRole('dialog', { name: 'Apply for Beta Access' });
  await page.evaluate(WATCH_DIALOG);
  await record.step('open', async () => {
    await opener.click();
    await dialog.waitFor();
  });
  const emailField = dialog.getByLabel('What is your work email?');
  await emailField.waitFor();
  await page.waitForTimeout(300);
  await record.step('type', async () => {
    await emailField.pressSequentially(email, { delay: TYPING_DELAY_MS });
  });
  const continueButton = dialog.getByRole('button', { name: 'Continue' });
  await page.waitForTimeout(300);
  await record.step('advance', async () => {
    await continueButton.click();
    await dialog.getByText('Step 2 of 7').waitFor();
  });
  await page.waitForTimeout(300);
  await record.step('enter', async () => {
    for (const [name, value] of [
      ['What is your first name?', 'Ada'],
      ['And your last name?', 'Lovelace'],
      ['Which company do you work for?', 'Analytical Engines'],
    ] as const) {
      // A pause around each Enter, as a visitor's, so that no other work shares its frame.
      await dialog.getByLabel(name).fill(value);
      await page.waitForTimeout(300);
      await dialog.getByLabel(name).press('Enter');
      await page.waitForTimeout(300);
    }
    await dialog.getByText('Step 5 of 7').waitFor();
  });
  await page.waitForTimeout(300);
  await record.step('radio', async () => {
    await dialog.getByRole('radio', { name: 'Freelancer' }).click();
    // The overlay moves on by itself 500 ms after a choice.
    await dialog.getByText('Step 6 of 7').waitFor();
  });
  await page.waitForTimeout(300);
  await record.step('toLast', async () => {
    await continueButton.click();
    await dialog.getByText('Step 7 of 7').waitFor();
  });
  await page.waitForTimeout(300);
  await record.step('selectOpen', async () => {
    await dialog.getByRole('combobox', { name: /What will you mainly use/ }).click();
    await page.getByRole('option', { name: 'Blog Writing' }).waitFor();
  });
  await page.waitForTimeout(300);
  await record.step('selectPick', async () => {
    await page.getByRole('option', { name: 'Blog Writing' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  });
  await page.waitForTimeout(300);
  await record.step('submit', async () => {
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.getByRole('heading', { name: "You're on the list!" }).waitFor({ timeout: 30_000 });
  });
  return record.finish(label);
}

/** The same kinds of interaction on the plain page. */
async function plainRound(
  page: Page,
  plainUrl: string,
  email: string,
  label: string,
): Promise<RoundResult> {
  await page.goto(plainUrl);
  await networkQuiet(page, 300);
  const record = new Recorder(page);
  const dialog = page.getByRole('dialog', { name: 'Apply for Beta Access' });
  await page.waitForTimeout(300);
  await page.evaluate(WATCH_DIALOG);
  await record.step('open', async () => {
    await page.getByRole('button', { name: 'Apply for Beta Access' }).click();
    await dialog.waitFor();
  });
  await page.waitForTimeout(300);
  await record.step('type', async () => {
    await dialog.getByLabel('What is your work email?').pressSequentially(email, {
      delay: TYPING_DELAY_MS,
    });
  });
  await page.waitForTimeout(300);
  await record.step('advance', async () => {
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Step 2 of 3').waitFor();
  });
  await page.waitForTimeout(300);
  await record.step('radio', async () => {
    await dialog.getByRole('radio', { name: 'Freelancer' }).click();
    await dialog.getByText('Step 3 of 3').waitFor();
  });
  await page.waitForTimeout(300);
  await record.step('submit', async () => {
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.getByText("You're on the list!").waitFor();
  });
  return record.finish(label);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function ms(value: number): string {
  return value <= EVENT_THRESHOLD_MS ? `≤ ${EVENT_THRESHOLD_MS} ms` : `${Math.round(value)} ms`;
}

function spread(values: number[]): string {
  return values.length > 1
    ? ` (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`
    : '';
}

function inpRow(options: {
  figure: string;
  values: number[];
  baselineValues: number[];
  baselineLabel: string;
  /** Added after the value and after the baseline's label. */
  notes?: { value: string; baseline: string };
}): Row {
  const value = median(options.values);
  const baseline = median(options.baselineValues);
  return {
    section: 'INP',
    figure: options.figure,
    value: `${ms(value)}${spread(options.values)}${options.notes ? `; ${options.notes.value}` : ''}`,
    budget: `≤ ${INP_BUDGET_MS} ms`,
    baseline: `${ms(baseline)} (${options.baselineLabel}${options.notes ? `; ${options.notes.baseline}` : ''})`,
    // Below the threshold a figure is a bound, not a measure: no ratio of two bounds.
    ratio: baseline > EVENT_THRESHOLD_MS ? `${(value / baseline).toFixed(1)}×` : '',
    verdict: value <= INP_BUDGET_MS ? 'pass' : 'FAIL',
  };
}

export async function interactionSection(siteUrl: string, rounds: number): Promise<Row[]> {
  const script = webVitalsScript();
  const plainUrl = await startPlainForm();
  const browser = await launchBrowser();
  const closeBrowser = onCleanup('Chromium (INP)', () => browser.close());
  const site: RoundResult[] = [];
  const plain: RoundResult[] = [];
  const stamp = Date.now().toString(36);
  try {
    for (let round = 1; round <= rounds; round++) {
      const email = `inp${round}-${stamp}@example.com`;
      // The plain page first, then the site, in each round: a busy moment falls on both.
      for (const [results, run] of [
        [
          plain,
          (page: Page) => plainRound(page, plainUrl, email, `inp plain page, round ${round}`),
        ],
        [site, (page: Page) => wizardRound(page, siteUrl, email, `inp /beta, round ${round}`)],
      ] as const) {
        const { context, page } = await slowedPage(browser, script);
        try {
          results.push(await run(page));
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await closeBrowser();
  }
  const valuesOf = (results: RoundResult[], key: StepKey) =>
    results.flatMap((result) => (result.latency[key] === undefined ? [] : [result.latency[key]]));
  const label = `plain page, ${CPU_SLOWDOWN}× slowdown`;
  // INP ends at the click's frame; the overlay's lazy code may paint the dialog frames later.
  const shown = (results: RoundResult[]) => {
    const values = results.map((result) => result.dialogShownMs).filter(Number.isFinite);
    return values.length > 0
      ? `dialog painted ${Math.round(median(values))} ms after the click`
      : '';
  };
  return [
    ...STEPS.map(({ key, label: figure }) =>
      inpRow({
        figure: `/beta ${figure}`,
        values: valuesOf(site, key),
        baselineValues: valuesOf(plain, BASELINE_OF[key]),
        baselineLabel: BASELINE_OF[key] === key ? label : `${label}, its ${BASELINE_OF[key]}`,
        ...(key === 'open' ? { notes: { value: shown(site), baseline: shown(plain) } } : {}),
      }),
    ),
    inpRow({
      figure: '/beta whole visit: web-vitals INP',
      values: site.map((result) => result.pageInp),
      baselineValues: plain.map((result) => result.pageInp),
      baselineLabel: label,
    }),
  ];
}
