import { describe, expect, it } from 'vitest';
import { classNamesOf, criticalCss, splitStylesheet } from './critical-css.server';

const SHEET = [
  '@layer theme{:root{--color-primary:#4338ca}}',
  '@layer base{*,:after{box-sizing:border-box}h1{font-size:inherit}}',
  '@layer utilities{.flex{display:flex}.grid{display:grid}',
  '.hover\\:underline:hover{text-decoration-line:underline}',
  ':is(:where(.group):hover .group-hover\\:text-primary){color:var(--color-primary)}',
  ':where(.space-y-4>:not(:last-child,.skip)){margin-block-end:1rem}',
  ".content-\\[\\'\\'\\]:before{content:''}",
  '@media (min-width:40rem){.sm\\:grid{display:grid}.sm\\:hidden{display:none}}',
  '@media (min-width:64rem){.lg\\:flex{display:flex}}}',
  '@property --tw-rotate-x{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

const pick = criticalCss(SHEET);

describe('classNamesOf', () => {
  it("reads every element's class names, entities decoded", () => {
    const html = `<div class="flex  sm:grid"><p class="content-[&#x27;&#x27;] a&amp;b">x</p></div>`;
    expect([...classNamesOf(html)].sort()).toEqual(['a&b', "content-['']", 'flex', 'sm:grid']);
  });
});

describe('criticalCss', () => {
  it('keeps the rules of the classes the page uses, in their order, and the rules without a class', () => {
    const css = pick('<main class="flex hover:underline"><h1>Title</h1></main>');
    expect(css).toBe(
      // The theme layer has nothing kept: the layers are named first, in the sheet's order.
      '@layer theme,base,utilities;' +
        '@layer base{*,:after{box-sizing:border-box}h1{font-size:inherit}}' +
        '@layer utilities{.flex{display:flex}.hover\\:underline:hover{text-decoration-line:underline}}' +
        '@property --tw-rotate-x{syntax:"*";inherits:false}' +
        '@keyframes spin{to{transform:rotate(360deg)}}',
    );
  });

  it('keeps the defaults of the custom properties the kept rules or the document read, and of what those read', () => {
    const sheet = [
      '@layer theme{:root{--color-primary:var(--color-indigo);--color-indigo:#4338ca;--spacing:4px}}',
      '@layer properties{@supports (not (x:y)){*,:before{--tw-rotate-x:0;--tw-shadow:none}}}',
      '@layer utilities{.text-primary{color:var(--color-primary)}',
      '.rotate{rotate:var(--tw-rotate-x)}.shadow{box-shadow:var(--tw-shadow)}}',
      '@property --tw-rotate-x{syntax:"*";inherits:false}',
      '@property --tw-shadow{syntax:"*";inherits:false}',
    ].join('');
    const choose = criticalCss(sheet);
    const css = choose('<p class="text-primary rotate"></p>');
    expect(css).toBe(
      '@layer theme{:root{--color-primary:var(--color-indigo);--color-indigo:#4338ca}}' +
        '@layer properties{@supports (not (x:y)){*,:before{--tw-rotate-x:0}}}' +
        '@layer utilities{.text-primary{color:var(--color-primary)}.rotate{rotate:var(--tw-rotate-x)}}' +
        '@property --tw-rotate-x{syntax:"*";inherits:false}' +
        '@property --tw-shadow{syntax:"*";inherits:false}',
    );
    // Read by a style attribute of the document: kept too.
    expect(choose('<p style="padding:var(--spacing)"></p>')).toContain('--spacing:4px');
  });

  it('keeps a media query with the rules the page uses, and drops one it does not need', () => {
    const css = pick('<div class="sm:grid"></div>');
    expect(css).toContain('@media (min-width:40rem){.sm\\:grid{display:grid}}');
    expect(css).not.toContain('sm\\:hidden');
    expect(css).not.toContain('64rem');
  });

  it('needs every class of a selector (a group and its member), not those under :not()', () => {
    expect(pick('<a class="group-hover:text-primary"></a>')).not.toContain('group-hover');
    expect(pick('<a class="group"><b class="group-hover:text-primary"></b></a>')).toContain(
      'group-hover\\:text-primary',
    );
    expect(pick('<ul class="space-y-4"></ul>')).toContain('.space-y-4');
  });

  it('matches class names that need escaping in CSS', () => {
    expect(pick(`<p class="content-[&#x27;&#x27;]"></p>`)).toContain("content:''");
  });
});

describe('splitStylesheet: the rest of the sheet (issue 32)', () => {
  const restFor = (sheet: string, html: string) => {
    const split = splitStylesheet(sheet);
    const { css, rest } = split.pick(html);
    return { css, rest: split.rest(rest)!.css, name: rest, split };
  };

  it('holds the rules the document left out, never its own, the base styles, @property or @keyframes', () => {
    const { css, rest } = restFor(SHEET, '<main class="flex"><h1>Title</h1></main>');
    expect(css).toContain('.flex{display:flex}');
    expect(rest).not.toContain('.flex{');
    expect(rest).not.toContain('box-sizing');
    expect(rest).not.toContain('@property');
    expect(rest).not.toContain('@keyframes');
    expect(rest).toContain('.grid{display:grid}');
    expect(rest).toContain('@media (min-width:40rem){.sm\\:grid{display:grid}');
    expect(rest).toContain('.hover\\:underline:hover');
  });

  it("writes the theme's values in place and never declares anything on :root (every element would restyle)", () => {
    const sheet = [
      '@layer theme{:root,:host{--color-primary:var(--color-indigo);--color-indigo:#4338ca;--spacing:4px}}',
      '@layer utilities{.p-2{padding:calc(var(--spacing) * 2)}.text-primary{color:var(--color-primary)}',
      '.shadow{box-shadow:var(--tw-shadow,var(--color-primary))}}',
    ].join('');
    const { rest } = restFor(sheet, '<p class="p-2"></p>');
    expect(rest).not.toContain(':root');
    expect(rest).toContain('.text-primary{color:#4338ca}');
    expect(rest).toContain('.shadow{box-shadow:var(--tw-shadow,#4338ca)}');
  });

  it("puts a left-out rule under the layer's own rules when a later kept rule must still win", () => {
    const sheet =
      '@layer utilities{.p-0{padding:0}.px-4{padding-inline:1rem}.py-2{padding-block:.5rem}@media (min-width:40rem){.sm\\:py-4{padding-block:1rem}}}';
    // p-0 px-4: px-4 wins in the whole sheet; py-2 sm:py-4: sm:py-4 wins on a wide screen.
    const { rest } = restFor(sheet, '<p class="px-4 sm:py-4"></p>');
    expect(rest).toBe('@layer utilities{@layer rest{.p-0{padding:0}.py-2{padding-block:.5rem}}}');
  });

  it('puts a left-out rule after the document when it must win over a kept one, and brings again the kept ones it must lose to', () => {
    const sheet =
      '@layer utilities{.p-2{padding:2px}.px-3{padding-inline:3px}.pl-4{padding-left:4px}.mt-1{margin-top:1px}}';
    // px-3 must win over p-2 (kept, earlier); pl-4 (kept) must win over px-3, so it comes again.
    const { css, rest } = restFor(sheet, '<p class="p-2 pl-4 mt-1"></p>');
    expect(css).toBe(
      '@layer utilities{.p-2{padding:2px}.pl-4{padding-left:4px}.mt-1{margin-top:1px}}',
    );
    expect(rest).toBe('@layer utilities{.px-3{padding-inline:3px}.pl-4{padding-left:4px}}');
  });

  it('knows white-space and text-wrap set the same wrapping (CSS Text 4 shorthands)', () => {
    const sheet =
      '@layer utilities{.truncate{overflow:hidden;white-space:nowrap}.text-wrap{text-wrap:wrap}}';
    // truncate text-wrap: text-wrap wins in the whole sheet, so it must come after truncate.
    const { rest } = restFor(sheet, '<p class="truncate"></p>');
    expect(rest).toBe('@layer utilities{.text-wrap{text-wrap:wrap}}');
  });

  it('leaves alone a rule of another specificity or of other properties', () => {
    const sheet =
      '@layer utilities{.p-0{padding:0}.hover\\:px-4:hover{padding-inline:1rem}.flex{display:flex}}';
    const { rest } = restFor(sheet, '<p class="hover:px-4 flex"></p>');
    expect(rest).toBe('@layer utilities{@layer rest{.p-0{padding:0}}}');
  });

  it('names every layer in the document when it lacks one, so that one the rest brings keeps its place', () => {
    const sheet =
      '@layer base{h1{margin:0}}@layer components{.card{padding:1px}}@layer utilities{.p-2{padding:2px}}';
    const { css, rest } = restFor(sheet, '<p class="p-2"></p>');
    expect(css.startsWith('@layer base,components,utilities;')).toBe(true);
    expect(rest).toContain('@layer components{');
    expect(restFor(sheet, '<p class="card p-2"></p>').css.startsWith('@layer base{')).toBe(true);
  });

  it('answers a name it gave with the same file, refuses others, and gives the whole sheet for another version', () => {
    const { name, split, rest } = restFor(SHEET, '<main class="flex"></main>');
    expect(split.rest(name)).toEqual({ css: rest, current: true });
    for (const bad of [
      '',
      'x',
      '../../etc/passwd',
      `${name}!`,
      `${name.split('.')[0]}.${'_'.repeat(400)}`,
    ]) {
      expect(split.rest(bad), bad).toBeUndefined();
    }
    // A bit past the sheet's last rule.
    expect(split.rest(`${name.split('.')[0]}.__8`)).toBeUndefined();
    expect(split.rest('AAAAAAAA.AQ')).toEqual({ css: SHEET, current: false });
  });
});
