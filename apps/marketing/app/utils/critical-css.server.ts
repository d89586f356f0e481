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
  | { kind: 'group'; open: string; children: Node[] };

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
      // A selector without any class (the base styles) matches whatever the page holds.
      if (needs.some((alternative) => alternative.length === 0)) {
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

function emit(nodes: Node[], classes: Set<string>): string {
  let css = '';
  for (const node of nodes) {
    if (node.kind === 'always') css += node.css;
    else if (node.kind === 'rule') {
      if (node.needs.some((alternative) => alternative.every((name) => classes.has(name)))) {
        css += node.css;
      }
    } else {
      const inner = emit(node.children, classes);
      if (inner !== '') css += `${node.open}${inner}}`;
    }
  }
  return css;
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
  return (html) => emit(nodes, classNamesOf(html));
}
