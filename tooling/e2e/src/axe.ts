/**
 * axe-core in Chromium: injects the app's own copy of axe (a devDependency of the
 * app whose suite runs, resolved from the working directory vitest runs in) into
 * the page and checks it against WCAG 2.2 A and AA plus axe's best practices.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** One line per offending node: its CSS selector and axe's summary of what to fix. */
  nodes: string[];
}

function axeScriptPath(): string {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  return require.resolve('axe-core/axe.min.js');
}

/**
 * Runs axe over the whole document and returns its violations, each reduced to
 * what a failing assertion needs to show (rule, impact, selectors, summary).
 */
export async function axeViolations(
  page: Page,
  scriptPath = axeScriptPath(),
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: scriptPath });
  return page.evaluate(
    async (tags) => {
      type Result = {
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: unknown[]; failureSummary?: string }[];
        }[];
      };
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<Result> } })
        .axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map(
          (node) =>
            `${node.target.map(String).join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
        ),
      }));
    },
    [...AXE_TAGS],
  );
}

/**
 * WCAG 2.5.3 (label in name), stricter than axe's experimental rule: every
 * visible button or link whose aria-label replaces its text must have an
 * accessible name that starts with the text it shows, so a speech user can say
 * what they see. Symbols (« ») are not text labels and are left out. Returns
 * "aria-label <- visible text" for each one that does not.
 */
export async function labelInNameMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
    const found: string[] = [];
    const labelled = document.querySelectorAll<HTMLElement>(
      'button[aria-label], a[aria-label], [role="button"][aria-label], [role="tab"][aria-label]',
    );
    for (const element of Array.from(labelled)) {
      if (element.closest('[aria-hidden="true"], [inert]') || element.offsetParent === null)
        continue;
      const visible = normalise(element.innerText);
      const name = normalise(element.getAttribute('aria-label') ?? '');
      if (/[\p{L}\p{N}]/u.test(visible) && !name.startsWith(visible))
        found.push(`${name} <- ${visible}`);
    }
    return found;
  });
}
