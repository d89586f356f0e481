import { createHash } from 'node:crypto';
import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/**
 * The part of the site's stylesheet a document uses (issue 22), and the rest of it
 * (issue 32). The first paint's CSS travels inside the document: the whole sheet is
 * about half of a page's compressed bytes, enough to cost the simulated slow link a
 * round trip. The sheet is parsed once; each document then keeps the rules whose
 * selectors can match its own class names (a rule without a class, such as the base
 * styles, always stays).
 *
 * What the scripts render later (the overlays, the next pages) needs the rest, which
 * follows after the first paint as a file (held-scripts.tsx) named by the document's
 * choice (`rest`). It used to be the whole sheet, swapped for the document's copy:
 * Chromium then restyled every element of the page, a long task on a slow phone (all
 * ~490 of /beta). A sheet of rules that match nothing on the page restyles nothing, so
 * the rest holds only what the document left out, and keeps the cascade's order:
 *
 * - A rule the document kept that comes after a left-out one, and could decide the
 *   same property of the same element (same layer, a property in common, the same
 *   specificity), comes again after it in the rest, as in the whole sheet; and so,
 *   in turn, does a kept rule after one that comes again.
 * - The theme's variables are not declared again on `:root` (a change to the root's
 *   custom properties restyles every element, as they inherit): the rest's rules read
 *   the theme's values written in place of `var(--name)`.
 * - The document names every layer in the sheet's order when it lacks one, so that a
 *   layer the rest brings keeps its place.
 * - `@property`, `@keyframes` and the base styles are always in the document.
 */
type Leaf =
  /** Always in the document: base styles, @property, @keyframes, @font-face. */
  | { kind: 'always'; path: string[]; css: string; conflict?: Conflict }
  /** Kept when the document has every class of one of its selectors. */
  | {
      kind: 'rule';
      path: string[];
      css: string;
      needs: string[][];
      bit: number;
      conflict: Conflict;
    }
  /**
   * A rule without a class that only gives custom properties their defaults (Tailwind's
   * fallback for browsers without `@property`, `*,:before{--tw-x:0}`, and the theme's
   * variables on `:root`): each kept when something the document keeps reads it.
   */
  | {
      kind: 'defaults';
      path: string[];
      selector: string;
      theme: boolean;
      declarations: { name: string; css: string }[];
    };

/** What decides whether two rules' order matters: their layer, properties and specificities. */
interface Conflict {
  layer: string;
  /** The groups inside the layer (@media, @supports), as written. */
  conditions: string;
  /** The properties it sets, without a vendor prefix. */
  properties: string[];
  /** One per selector of the list; undefined: unknown, so it may tie with anything. */
  specificities: (string | undefined)[];
}

/** The classes a compound selector needs, those inside :not() aside (they must be absent). */
function classesOf(selector: string): string[][] {
  const alternatives: string[][] = [];
  selectorParser((root) => {
    root.each((one) => {
      const needed: string[] = [];
      one.walkClasses((node) => {
        for (let parent = node.parent; parent; parent = parent.parent) {
          if (parent.type === 'pseudo' && parent.value === ':not') return;
        }
        needed.push(node.value);
      });
      alternatives.push(needed);
    });
  }).processSync(selector);
  return alternatives;
}

const PSEUDO_ELEMENTS = new Set([':before', ':after', ':first-line', ':first-letter']);

/** A selector's specificity as [ids, classes, types], or undefined where it is not plain. */
function specificityOf(selector: selectorParser.Selector): number[] | undefined {
  const total = [0, 0, 0];
  let known = true;
  selector.each((node) => {
    if (node.type === 'id') total[0]!++;
    else if (node.type === 'class' || node.type === 'attribute') total[1]!++;
    else if (node.type === 'tag') total[2]!++;
    else if (node.type === 'pseudo') {
      const name = node.value.toLowerCase();
      if (name.startsWith('::') || PSEUDO_ELEMENTS.has(name)) total[2]!++;
      else if (name === ':where') return;
      else if (name === ':is' || name === ':not' || name === ':has' || name === ':matches') {
        const inner = node.nodes.map(specificityOf);
        if (inner.some((one) => one === undefined) || inner.length === 0) known = false;
        else {
          const most = (inner as number[][]).reduce((a, b) => (compare(a, b) >= 0 ? a : b));
          for (let i = 0; i < 3; i++) total[i]! += most[i]!;
        }
      } else if (node.nodes.length > 0) known = false;
      else total[1]!++;
    }
  });
  return known ? total : undefined;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function specificitiesOf(selector: string): (string | undefined)[] {
  const list: (string | undefined)[] = [];
  selectorParser((root) => {
    root.each((one) => {
      list.push(specificityOf(one)?.join(','));
    });
  }).processSync(selector);
  return list;
}

const SIDES = ['top', 'right', 'bottom', 'left'];
const AXES: Record<string, string[]> = {
  '': SIDES,
  inline: ['left', 'right'],
  'inline-start': ['left', 'right'],
  'inline-end': ['left', 'right'],
  block: ['top', 'bottom'],
  'block-start': ['top', 'bottom'],
  'block-end': ['top', 'bottom'],
  top: ['top'],
  right: ['right'],
  bottom: ['bottom'],
  left: ['left'],
};
const SIZES: Record<string, string> = {
  inline: 'width',
  block: 'height',
  width: 'width',
  height: 'height',
};
const BORDER_PARTS = ['width', 'style', 'color'];

/**
 * The longhands a property sets, written physically (`padding-inline` sets the left and
 * right padding, `inline-size` the width); undefined for a property not listed here,
 * which overlaps another when one's name starts the other's (`transition`, `font`).
 */
function longhandsOf(property: string): string[] | undefined {
  let match = /^(margin|padding|inset|scroll-margin|scroll-padding)(?:-(.+))?$/.exec(property);
  if (match) {
    const sides = AXES[match[2] ?? ''];
    if (sides) return sides.map((side) => `${match![1]}-${side}`);
  }
  if (SIDES.includes(property)) return [`inset-${property}`];
  match = /^(min-|max-)?(width|height|inline-size|block-size)$/.exec(property);
  if (match) return [`${match[1] ?? ''}${SIZES[match[2]!.replace('-size', '')]!}`];
  match =
    /^border(?:-(top|right|bottom|left|inline|block|inline-start|inline-end|block-start|block-end))?(?:-(width|style|color))?$/.exec(
      property,
    );
  if (match) {
    const sides = AXES[match[1] ?? '']!;
    const parts = match[2] ? [match[2]] : BORDER_PARTS;
    return sides.flatMap((side) => parts.map((part) => `border-${side}-${part}`));
  }
  if (/^border(-.+)?-radius$/.test(property)) {
    return property === 'border-radius' ? ['border-radius'] : [property, 'border-radius'];
  }
  if (property === 'gap') return ['row-gap', 'column-gap'];
  if (property === 'row-gap' || property === 'column-gap') return [property];
  match = /^place-(items|content|self)$/.exec(property);
  if (match) return [`align-${match[1]}`, `justify-${match[1]}`];
  if (/^(align|justify)-(items|content|self)$/.test(property)) return [property];
  if (property === 'overflow') return ['overflow-x', 'overflow-y'];
  if (property === 'line-height') return ['line-height'];
  if (property === 'font') return ['font', 'line-height'];
  // CSS Text 4: both are shorthands now, and share the wrapping (`truncate` sets
  // `white-space: nowrap`, `text-wrap` sets `text-wrap: wrap`: the later one wins).
  if (property === 'white-space') return ['white-space-collapse', 'text-wrap-mode'];
  if (property === 'text-wrap') return ['text-wrap-mode', 'text-wrap-style'];
  if (/^(white-space-collapse|text-wrap-mode|text-wrap-style)$/.test(property)) return [property];
  return undefined;
}

/** Whether setting `one` can change what `other` sets (or is the same property). */
function overlaps(one: string, other: string): boolean {
  const a = longhandsOf(one);
  const b = longhandsOf(other);
  if (a && b) {
    if (a.includes('border-radius') !== b.includes('border-radius')) return false;
    return a.some((longhand) => b.includes(longhand)) || a.includes(other) || b.includes(one);
  }
  return one.startsWith(`${other}-`) || other.startsWith(`${one}-`);
}

function conflictOf(rule: Rule, path: string[]): Conflict {
  const properties = new Set<string>();
  rule.walkDecls((declaration) => {
    properties.add(declaration.prop.replace(/^-(webkit|moz|ms)-/, ''));
  });
  const layerAt = path.findIndex((open) => open.startsWith('@layer'));
  return {
    layer: layerAt === -1 ? '' : path[layerAt]!,
    // Tailwind's own `@supports (color:color-mix(…))` gives a rule a better value where it
    // can: the same rule, not a condition a person writes (`sm:`, `supports-[…]:`).
    conditions: path
      .slice(layerAt + 1)
      .filter((open) => !open.startsWith('@supports (color:color-mix('))
      .join(''),
    properties: [...properties].sort(),
    specificities: specificitiesOf(rule.selector),
  };
}

/**
 * Whether `later` must follow `earlier` again when `earlier` moves after it: on one
 * element, in the same layer and with the same specificity, they set a property in
 * common (or a shorthand and its longhand: `p-2 px-4`), unless both set the very same
 * properties under the same conditions (`mt-0 mt-1`, two of a kind): one element with
 * both is a conflict the site's class merging (tailwind-merge, `cn`) resolves before it
 * renders, and Tailwind's composed properties (`box-shadow` of `shadow-sm ring-2`) read
 * each rule's own variables, whichever comes last. Under other conditions (`py-2
 * sm:py-4`) or beside other properties (`sr-only w-5`) the order counts.
 */
function conflicts(earlier: Conflict, later: Conflict): boolean {
  if (earlier.layer !== later.layer) return false;
  // The same properties under the same conditions: one utility against another of its kind.
  if (
    earlier.properties.join() === later.properties.join() &&
    earlier.conditions === later.conditions
  ) {
    return false;
  }
  const meet = earlier.properties.some((one) =>
    later.properties.some((other) => one === other || overlaps(one, other)),
  );
  return meet && tie(earlier, later);
}

/** Whether two rules may have the same specificity on one element. */
function tie(earlier: Conflict, later: Conflict): boolean {
  return earlier.specificities.some((one) =>
    later.specificities.some((other) => one === undefined || other === undefined || one === other),
  );
}

/** At-rules that hold rules to choose from; others (@keyframes, @property, @font-face) stay whole. */
function isGrouping(rule: AtRule): boolean {
  return (
    rule.name === 'media' ||
    rule.name === 'supports' ||
    rule.name === 'layer' ||
    rule.name === 'container'
  );
}

function toLeaves(container: Container<ChildNode>, path: string[], leaves: Leaf[]): Leaf[] {
  container.each((child) => {
    if (child.type === 'rule') {
      const rule = child as Rule;
      const needs = classesOf(rule.selector);
      const declarations = rule.nodes.filter((node) => node.type === 'decl');
      if (needs.some((alternative) => alternative.length === 0)) {
        if (
          declarations.length > 0 &&
          declarations.length === rule.nodes.length &&
          declarations.every((declaration) => declaration.prop.startsWith('--'))
        ) {
          leaves.push({
            kind: 'defaults',
            path,
            selector: rule.selector,
            theme: /^:root\b/.test(rule.selector),
            declarations: declarations.map((declaration) => ({
              name: declaration.prop,
              css: declaration.toString(),
            })),
          });
        } else {
          // A selector without any class (the base styles) matches whatever the page holds.
          leaves.push({
            kind: 'always',
            path,
            css: rule.toString(),
            conflict: conflictOf(rule, path),
          });
        }
      } else {
        const bit = leaves.filter((leaf) => leaf.kind === 'rule').length;
        leaves.push({
          kind: 'rule',
          path,
          css: rule.toString(),
          needs,
          bit,
          conflict: conflictOf(rule, path),
        });
      }
    } else if (child.type === 'atrule' && (child as AtRule).nodes && isGrouping(child as AtRule)) {
      const open = (child as AtRule)
        .clone({ nodes: [] })
        .toString()
        .replace(/\}\s*$/, '');
      toLeaves(child as AtRule, [...path, open], leaves);
    } else if (child.type !== 'comment') {
      leaves.push({ kind: 'always', path, css: child.toString() });
    }
  });
  return leaves;
}

/** Leaves' CSS in order, each inside its groups; neighbours in the same groups share them. */
function emit(parts: { path: string[]; css: string }[]): string {
  let css = '';
  let open: string[] = [];
  for (const part of parts) {
    let shared = 0;
    while (
      shared < open.length &&
      shared < part.path.length &&
      open[shared] === part.path[shared]
    ) {
      shared++;
    }
    css += '}'.repeat(open.length - shared) + part.path.slice(shared).join('') + part.css;
    open = part.path;
  }
  return css + '}'.repeat(open.length);
}

/** The custom properties a stylesheet reads, `var(--name` (a fallback's too). */
function propertiesRead(css: string): Set<string> {
  return new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!));
}

/** `css` with each `var(--name…)` of a known variable replaced by its value (theirs in turn). */
function substitute(css: string, values: Map<string, string>, depth = 0): string {
  if (depth > 8) return css;
  let out = '';
  let at = 0;
  for (;;) {
    const start = css.indexOf('var(', at);
    if (start === -1) return out + css.slice(at);
    let level = 0;
    let end = start + 3;
    for (; end < css.length; end++) {
      if (css[end] === '(') level++;
      else if (css[end] === ')' && --level === 0) break;
    }
    const inner = css.slice(start + 4, end);
    const name = /^\s*(--[\w-]+)\s*(?:,|$)/.exec(inner)?.[1];
    const value = name === undefined ? undefined : values.get(name);
    out += css.slice(at, start);
    out +=
      value === undefined
        ? `var(${substitute(inner, values, depth)})`
        : substitute(value, values, depth + 1);
    at = end + 1;
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** The class names of a document's elements (React writes attributes in double quotes). */
export function classNamesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(
      /&(?:amp|quot|#x27|#39|lt|gt);/g,
      (entity) => ENTITIES[entity]!,
    );
    for (const name of value.split(/\s+/)) if (name !== '') classes.add(name);
  }
  return classes;
}

export interface SplitStylesheet {
  /** A document's rules, and the name of the rest of the sheet for it (`rest`). */
  pick(html: string): { css: string; rest: string };
  /**
   * The rest of the sheet for a document that got `name` from pick(): undefined when the
   * name is not one (bad input), the whole sheet when it is one of another version of
   * the sheet (a page loaded before a deploy).
   */
  rest(name: string): { css: string; current: boolean } | undefined;
}

const REST_CACHE_LIMIT = 500;

/** The name of a top-level `@layer name{` group. */
const layerOf = (open: string | undefined) => /^@layer\s+([\w-]+)\s*\{/.exec(open ?? '')?.[1];

/** Parses the sheet once; pick() chooses a document's rules, rest() the others. */
export function splitStylesheet(stylesheet: string): SplitStylesheet {
  const leaves = toLeaves(postcss.parse(stylesheet), [], []);
  const rules = leaves.filter((leaf) => leaf.kind === 'rule');
  const version = createHash('sha256').update(stylesheet).digest('base64url').slice(0, 8);
  const maskBytes = Math.ceil(rules.length / 8);

  // What each custom property's defaults read in turn (--color-primary: var(--x)), and
  // the theme's values, which the rest writes in place.
  const readsOf = new Map<string, Set<string>>();
  const themeValues = new Map<string, string>();
  for (const leaf of leaves) {
    if (leaf.kind !== 'defaults') continue;
    for (const { name, css } of leaf.declarations) {
      const reads = readsOf.get(name) ?? new Set<string>();
      for (const read of propertiesRead(css)) reads.add(read);
      readsOf.set(name, reads);
      if (leaf.theme) themeValues.set(name, css.slice(css.indexOf(':') + 1).trim());
    }
  }
  // The layers in the sheet's order: the document names them all when it lacks one.
  const layers = [
    ...new Set(leaves.map((leaf) => layerOf(leaf.path[0])).filter((name) => name !== undefined)),
  ];
  const layerStatement = `@layer ${layers.join(',')};`;

  const documentCss = (kept: (leaf: Leaf) => boolean, read?: Set<string>) => {
    const parts: { path: string[]; css: string }[] = [];
    for (const leaf of leaves) {
      if (leaf.kind === 'defaults') {
        const declarations = leaf.declarations.filter((one) => read?.has(one.name));
        if (declarations.length > 0) {
          parts.push({
            path: leaf.path,
            css: `${leaf.selector}{${declarations.map((one) => one.css).join(';')}}`,
          });
        }
      } else if (kept(leaf)) parts.push(leaf);
    }
    const present = new Set(parts.map((part) => layerOf(part.path[0])));
    const missing = layers.some((name) => !present.has(name));
    return (missing ? layerStatement : '') + emit(parts);
  };

  // For each leaf, the earlier ones whose order with it matters (computed at the first rest).
  let earlierConflicts: number[][] | undefined;
  const conflictsOf = () =>
    (earlierConflicts ??= leaves.map((leaf, at) => {
      const list: number[] = [];
      if (leaf.kind === 'defaults' || !leaf.conflict) return list;
      for (let before = 0; before < at; before++) {
        const earlier = leaves[before]!;
        if (
          earlier.kind !== 'defaults' &&
          earlier.conflict &&
          conflicts(earlier.conflict, leaf.conflict)
        ) {
          list.push(before);
        }
      }
      return list;
    }));

  const restCss = (mask: Buffer) => {
    const inDocument = (leaf: Leaf) =>
      leaf.kind === 'always' ||
      (leaf.kind === 'rule' && ((mask[leaf.bit >> 3] ?? 0) & (1 << (leaf.bit & 7))) !== 0);
    const earlier = conflictsOf();
    // Where each leaf ends up: in the document, after it, or under it (in the layer's
    // `rest` sublayer, which every rule of the layer itself outranks).
    const place: ('document' | 'after' | 'under' | undefined)[] = [];
    const parts: { path: string[]; css: string }[] = [];
    leaves.forEach((leaf, at) => {
      if (leaf.kind === 'defaults') {
        // The fallback's defaults, for the browsers without @property (one universal
        // rule, all of them again); never the theme's (above).
        if (!leaf.theme) {
          parts.push({
            path: leaf.path,
            css: `${leaf.selector}{${leaf.declarations.map((one) => one.css).join(';')}}`,
          });
        }
        return;
      }
      if (!leaf.conflict) return;
      const before = earlier[at]!;
      if (inDocument(leaf)) {
        // Comes again only after a rule that moved after the document and meets it.
        if (!before.some((one) => place[one] === 'after')) {
          place[at] = 'document';
          return;
        }
        place[at] = 'after';
      } else {
        // Under the document's rules unless it must outrank one of them, or one placed after.
        place[at] =
          leaf.conflict.layer === '' ||
          before.some((one) => place[one] === 'document' || place[one] === 'after')
            ? 'after'
            : 'under';
      }
      const layerAt = leaf.path.indexOf(leaf.conflict.layer);
      const path =
        place[at] === 'under'
          ? [...leaf.path.slice(0, layerAt + 1), '@layer rest{', ...leaf.path.slice(layerAt + 1)]
          : leaf.path;
      parts.push({ path, css: substitute(leaf.css, themeValues) });
    });
    return emit(parts);
  };

  const cache = new Map<string, string>();
  return {
    pick(html) {
      const classes = classNamesOf(html);
      const kept = (leaf: Leaf) =>
        leaf.kind === 'always' ||
        (leaf.kind === 'rule' &&
          leaf.needs.some((alternative) => alternative.every((name) => classes.has(name))));
      // Read by the kept rules, or by the document itself (a style attribute).
      const read = propertiesRead(documentCss(kept) + html);
      const pending = [...read];
      while (pending.length > 0) {
        for (const next of readsOf.get(pending.pop()!) ?? []) {
          if (!read.has(next)) {
            read.add(next);
            pending.push(next);
          }
        }
      }
      const mask = Buffer.alloc(maskBytes);
      for (const leaf of rules) if (kept(leaf)) mask[leaf.bit >> 3]! |= 1 << (leaf.bit & 7);
      let length = mask.length;
      while (length > 0 && mask[length - 1] === 0) length--;
      return {
        css: documentCss(kept, read),
        rest: `${version}.${mask.subarray(0, length).toString('base64url')}`,
      };
    },
    rest(name) {
      const match = /^([\w-]{8})\.([\w-]*)$/.exec(name);
      if (!match) return undefined;
      if (match[1] !== version) return { css: stylesheet, current: false };
      const mask = Buffer.from(match[2]!, 'base64url');
      if (mask.length > maskBytes || mask.toString('base64url') !== match[2]) return undefined;
      // A bit past the last rule: not a name pick() gives.
      if (
        mask.length === maskBytes &&
        rules.length % 8 !== 0 &&
        mask[maskBytes - 1]! >> (rules.length % 8) !== 0
      ) {
        return undefined;
      }
      let css = cache.get(match[2]!);
      if (css === undefined) {
        css = restCss(mask);
        if (cache.size >= REST_CACHE_LIMIT) cache.clear();
        cache.set(match[2]!, css);
      }
      return { css, current: true };
    },
  };
}

/** A document's rules alone (the tests' and the console's preview's shorthand for pick). */
export function criticalCss(stylesheet: string): (html: string) => string {
  const split = splitStylesheet(stylesheet);
  return (html) => split.pick(html).css;
}
