import { describe, expect, it } from 'vitest';
import { classNamesOf, criticalCss } from './critical-css.server';

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
