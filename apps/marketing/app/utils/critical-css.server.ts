import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/**
 * The part of the site's stylesheet a document uses (issue 22): the first paint's CSS
 * travels inside the document, and the whole sheet is about half of a page's
 * compressed bytes, enough to cost the simulated slow link a round trip. The sheet is
 * parsed once; each document then keeps the rules whose selectors can match its own
 * class names (a rule without a class, such as the base styles, always stays). The
 * whole sheet follows after the first paint as a file (held-scripts.tsx), for what the
 * scripts render later and for the next pages.
 */
type Node =
  | { kind: 'always'; css: string }
  | { kind: 'rule'; css: string; needs: string[][] }
  | { kind: 'group'; open: string; children: Node[] }
  /** A rule that only gives custom properties their defaults (`*,:before{--tw-x:0}`). */
  | { kind: 'defaults'; selector: string; declarations: { name: string; css: string }[] };

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

function toNodes(container: Container<ChildNode>): Node[] {
  const nodes: Node[] = [];
  container.each((child) => {
    if (child.type === 'rule') {
      const needs = classesOf((child as Rule).selector);
      const declarations = (child as Rule).nodes.filter((node) => node.type === 'decl');
      if (
        declarations.length > 0 &&
        declarations.length === (child as Rule).nodes.length &&
        declarations.every((declaration) => declaration.prop.startsWith('--'))
      ) {
        nodes.push({
          kind: 'defaults',
          selector: (child as Rule).selector,
          declarations: declarations.map((declaration) => ({
            name: declaration.prop,
            css: declaration.toString(),
          })),
        });
      } else if (needs.some((alternative) => alternative.length === 0)) {
        // A selector without any class (the base styles) matches whatever the page holds.
        nodes.push({ kind: 'always', css: child.toString() });
      } else {
        nodes.push({ kind: 'rule', css: child.toString(), needs });
      }
    } else if (child.type === 'atrule' && (child as AtRule).nodes && isGrouping(child as AtRule)) {
      const open = (child as AtRule)
        .clone({ nodes: [] })
        .toString()
        .replace(/\}\s*$/, '');
      nodes.push({ kind: 'group', open, children: toNodes(child as AtRule) });
    } else if (child.type !== 'comment') {
      nodes.push({ kind: 'always', css: child.toString() });
    }
  });
  return nodes;
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

/**
 * The document's rules. Custom properties given defaults in a rule of their own
 * (Tailwind's fallback for browsers without `@property`, and the theme's variables) are
 * kept only when a kept rule reads them (`read`; undefined: none yet): Tailwind declares
 * some sixty, most pages read a fraction, and the whole sheet, which follows after the
 * first paint, has them all (issue 32: /beta's document was 29 bytes over the first
 * round trip's). The `@property` registrations all stay (whole at-rules, as before):
 * registering the missing ones when the whole sheet arrives looked costly.
 */
function emit(nodes: Node[], classes: Set<string>, read?: Set<string>): string {
  let css = '';
  for (const node of nodes) {
    if (node.kind === 'always') css += node.css;
    else if (node.kind === 'rule') {
      if (node.needs.some((alternative) => alternative.every((name) => classes.has(name)))) {
        css += node.css;
      }
    } else if (node.kind === 'defaults') {
      const kept = node.declarations.filter((declaration) => read?.has(declaration.name));
      if (kept.length > 0) {
        css += `${node.selector}{${kept.map((declaration) => declaration.css).join(';')}}`;
      }
    } else {
      const inner = emit(node.children, classes, read);
      if (inner !== '') css += `${node.open}${inner}}`;
    }
  }
  return css;
}

/** The custom properties a stylesheet reads, `var(--name` (a fallback's too). */
function propertiesRead(css: string): Set<string> {
  return new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!));
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

/** Parses the sheet once; the function it returns picks a document's rules. */
export function criticalCss(stylesheet: string): (html: string) => string {
  const nodes = toNodes(postcss.parse(stylesheet));
  // What each custom property's declarations read in turn (--color-primary: var(--x)).
  const readsOf = new Map<string, Set<string>>();
  const note = (name: string, css: string) => {
    const reads = readsOf.get(name) ?? new Set<string>();
    for (const read of propertiesRead(css)) reads.add(read);
    readsOf.set(name, reads);
  };
  const walk = (list: Node[]) => {
    for (const node of list) {
      if (node.kind === 'defaults') for (const { name, css } of node.declarations) note(name, css);
      else if (node.kind === 'group') walk(node.children);
    }
  };
  walk(nodes);
  return (html) => {
    const classes = classNamesOf(html);
    // Read by the kept rules, or by the document itself (a style attribute).
    const read = propertiesRead(emit(nodes, classes) + html);
    const pending = [...read];
    while (pending.length > 0) {
      for (const next of readsOf.get(pending.pop()!) ?? []) {
        if (!read.has(next)) {
          read.add(next);
          pending.push(next);
        }
      }
    }
    return emit(nodes, classes, read);
  };
}
