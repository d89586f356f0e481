import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpHarness } from './harness';

const { harness } = setUpHarness();

/**
 * The rest of the sheet (issue 32, utils/critical-css.server.ts) keeps the cascade's
 * order: an element with two of the site's classes looks the same under a document's
 * rules followed by its rest as under the whole sheet. Checked in Chromium on the built
 * sheet, for every pair of single-class rules whose order can matter: they set a
 * property in common (a shorthand and its longhand, `p-2 px-4`), or the same one under
 * other conditions (`py-2 sm:py-4`). Two rules that set the very same properties under
 * the same conditions (`mt-0 mt-1`) are left out, as the rest leaves them: a conflict
 * the site's class merging resolves before it renders.
 */

interface Rule {
  className: string;
  /** Longhands it sets, written physically (left-to-right, horizontal text). */
  longhands: string[];
  conditions: string;
}

const PHYSICAL: [RegExp, string][] = [
  [/-inline-start(?=-|$)/, '-left'],
  [/-inline-end(?=-|$)/, '-right'],
  [/-block-start(?=-|$)/, '-top'],
  [/-block-end(?=-|$)/, '-bottom'],
  [/^inset-inline-start$/, 'left'],
  [/^inset-inline-end$/, 'right'],
  [/^inset-block-start$/, 'top'],
  [/^inset-block-end$/, 'bottom'],
  [/inline-size$/, 'width'],
  [/block-size$/, 'height'],
];

/** The sheet's single-class rules (no pseudo-class), read with the browser's own CSSOM. */
async function singleClassRules(page: Page): Promise<Rule[]> {
  const rules = await page.evaluate(() => {
    const found: { className: string; longhands: string[]; conditions: string }[] = [];
    const walk = (list: CSSRuleList, conditions: string) => {
      for (const rule of list) {
        if (rule instanceof CSSStyleRule) {
          const match = /^\.((?:\\.|[\w-])+)$/.exec(rule.selectorText);
          if (match) {
            found.push({
              className: match[1]!.replace(/\\(.)/g, '$1'),
              longhands: [...rule.style].filter((name) => !name.startsWith('--')),
              conditions,
            });
          }
        } else if (rule instanceof CSSMediaRule) {
          walk(rule.cssRules, `${conditions}@media ${rule.conditionText}`);
        } else if (rule instanceof CSSSupportsRule) {
          // Tailwind's own color-mix() enhancement of a rule is not a condition (see the rest).
          const own = rule.conditionText.startsWith('(color:color-mix(');
          walk(rule.cssRules, own ? conditions : `${conditions}@supports ${rule.conditionText}`);
        } else if (rule instanceof CSSLayerBlockRule) {
          walk(rule.cssRules, conditions);
        }
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules, '');
    return found;
  });
  return rules.map((rule) => ({
    ...rule,
    longhands: rule.longhands.map((name) =>
      PHYSICAL.reduce((physical, [from, to]) => physical.replace(from, to), name),
    ),
  }));
}

/** Pairs of classes whose rules' order can matter, and the properties to compare. */
function pairsThatMatter(rules: Rule[]): { classes: string; properties: string[] }[] {
  const byClass = new Map<string, Rule[]>();
  for (const rule of rules)
    byClass.set(rule.className, [...(byClass.get(rule.className) ?? []), rule]);
  const names = [...byClass.keys()];
  const pairs: { classes: string; properties: string[] }[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const shared = new Set<string>();
      let matters = false;
      for (const one of byClass.get(names[i]!)!) {
        for (const other of byClass.get(names[j]!)!) {
          const common = one.longhands.filter((name) => other.longhands.includes(name));
          if (common.length === 0) continue;
          for (const name of common) shared.add(name);
          if (
            one.conditions !== other.conditions ||
            one.longhands.join() !== other.longhands.join()
          ) {
            matters = true;
          }
        }
      }
      if (matters) pairs.push({ classes: `${names[i]} ${names[j]}`, properties: [...shared] });
    }
  }
  return pairs;
}

/** Each pair's computed values of its properties, under the page's styles. */
async function looks(page: Page, pairs: { classes: string; properties: string[] }[]) {
  return page.evaluate((list) => {
    const root = document.getElementById('pairs')!;
    root.replaceChildren(
      ...list.map(({ classes }) => {
        const element = document.createElement('div');
        element.className = classes;
        return element;
      }),
    );
    return list.map(({ classes, properties }, index) => {
      const style = getComputedStyle(root.children[index]!);
      return `${classes}: ${properties.map((name) => `${name}=${style.getPropertyValue(name)}`).join('; ')}`;
    });
  }, pairs);
}

describe('the rest of the sheet keeps the cascade order (issue 32)', () => {
  it.each(['/beta', '/'])(
    "gives every pair of classes whose order matters the whole sheet's values, after %s's rules",
    async (path) => {
      const html = await (await fetch(`${harness.baseUrl}${path}`)).text();
      const own = /<style id="site-css" data-rest="([^"]+)">([\s\S]*?)<\/style>/.exec(html);
      expect(own).not.toBeNull();
      const [, name, documentCss] = own!;
      const rest = await (await fetch(`${harness.baseUrl}/css/${name}`)).text();
      // A name of another version of the sheet answers with the whole sheet.
      const whole = await (await fetch(`${harness.baseUrl}/css/AAAAAAAA.AQ`)).text();
      expect(whole.length).toBeGreaterThan(rest.length);

      const context = await harness.browser.newContext();
      try {
        const split = await context.newPage();
        const entire = await context.newPage();
        const body = '<body><div id="pairs"></div></body>';
        // Style elements, not the site: the CSS alone is compared, in a blank document.
        await split.setContent(`<style>${documentCss}</style><style>${rest}</style>${body}`);
        await entire.setContent(`<style>${whole}</style>${body}`);
        const pairs = pairsThatMatter(await singleClassRules(entire));
        expect(pairs.length).toBeGreaterThan(500);
        for (const width of [1536, 375]) {
          await split.setViewportSize({ width, height: 800 });
          await entire.setViewportSize({ width, height: 800 });
          const expected = await looks(entire, pairs);
          const actual = await looks(split, pairs);
          const different = actual.flatMap((line, index) =>
            line === expected[index] ? [] : [`${line}   (the whole sheet: ${expected[index]})`],
          );
          expect(different, `${width} px`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    },
  );
});
