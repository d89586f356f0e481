/**
 * Tailwind class merging for cn(): of two utilities that set the same thing
 * (px-3 and px-8, text-sm and text-base, inline-flex and hidden) under the same
 * variants, the later one wins and the earlier one is dropped, as tailwind-merge
 * does. Written here because tailwind-merge's full configuration of every Tailwind
 * utility is 8.5 KB gzip, more than all of a content page's own code may weigh
 * (issue 13: 100 KB of JavaScript per page, 87 of them React and Remix). This
 * knows only the utility groups the apps use; test/merge-classes.test.ts checks
 * that it takes for a class exactly the words tailwind-merge takes for one, and
 * merges exactly as tailwind-merge every pair of classes written in packages/ui,
 * apps/marketing and apps/admin. A class from a group not listed here makes that
 * test fail: add its rule (and its overrides, from tailwind-merge's
 * conflictingClassGroups) when it does.
 */

type Rule = [pattern: RegExp, group: string | ((match: RegExpExecArray) => string)];

const TSHIRT = '(?:\\d+(?:\\.\\d+)?)?(?:xs|sm|md|lg|xl)';

/** Utilities that are a group of their own by their whole name. */
const EXACT = new Map<string, string>();
for (const [group, names] of [
  ['display', 'block inline-block inline flex inline-flex grid inline-grid contents hidden table'],
  ['position', 'static fixed absolute relative sticky'],
  ['sr', 'sr-only not-sr-only'],
  ['text-transform', 'uppercase lowercase capitalize'],
  ['text-decoration', 'underline line-through no-underline'],
  ['text-overflow', 'truncate'],
  ['fvn-spacing', 'tabular-nums'],
  ['filter', 'filter'],
  ['container', 'container'],
  ['ring-w-inset', 'ring-inset'],
] as const) {
  for (const name of names.split(' ')) EXACT.set(name, group);
}

/** Everything else, by prefix and value; the first rule that matches names the group. */
const RULES: Rule[] = [
  [/^(inset-[xy])-/, (m) => m[1]!],
  [
    /^(inset|top|right|bottom|left|z|order|duration|animate|rotate|cursor|pointer-events|select|aspect|fill|caption|tracking|leading|line-clamp|whitespace|underline-offset|opacity|scroll-mt|grid-cols|accent)-/,
    (m) => m[1]!,
  ],
  [/^backdrop-blur(?:-|$)/, 'backdrop-blur'],
  [/^flex-(?:row|row-reverse|col|col-reverse)$/, 'flex-direction'],
  [/^flex-(?:wrap|wrap-reverse|nowrap)$/, 'flex-wrap'],
  [/^flex-/, 'flex'],
  [/^shrink(?:-|$)/, 'shrink'],
  [/^basis-/, 'basis'],
  [/^col-(?:span-|auto$)/, 'col-start-end'],
  [/^(gap-x|gap-y|gap)-/, (m) => m[1]!],
  [/^justify-items-/, 'justify-items'],
  [/^justify-/, 'justify-content'],
  [/^items-/, 'align-items'],
  [/^content-(?:normal|center|start|end|between|around|evenly|baseline|stretch)$/, 'align-content'],
  // Spacing values as tailwind-merge takes them: a number, px, auto or an arbitrary value.
  [/^(px|py|pt|pr|pb|pl|p|mx|my|mt|mr|mb|ml|m)-(?:\d+(?:\.\d+)?|px|auto|\[.+\])$/, (m) => m[1]!],
  [/^(space-y|size|min-w|max-w|min-h|max-h|w|h)-/, (m) => m[1]!],
  [
    /^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/,
    'font-weight',
  ],
  [/^font-/, 'font-family'],
  [new RegExp(`^text-(?:${TSHIRT}|base)$`), 'font-size'],
  [/^text-(?:left|center|right|justify|start|end)$/, 'text-alignment'],
  [/^text-(?:wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^text-/, 'text-color'],
  [/^list-/, 'list-style-type'],
  [/^break-(?:normal|words|all|keep)$/, 'break'],
  [/^decoration-(?:auto|from-font|\d+)$/, 'text-decoration-thickness'],
  [/^decoration-(?:solid|double|dotted|dashed|wavy)$/, 'text-decoration-style'],
  [/^decoration-/, 'text-decoration-color'],
  [/^align-/, 'vertical-align'],
  // bg-gradient-to-* is Tailwind 3's name: tailwind-merge (for Tailwind 4) takes it for a colour.
  [/^bg-/, 'bg-color'],
  [/^(from|via|to)-/, (m) => `gradient-${m[1]}`],
  [/^rounded(?:-|$)/, 'rounded'],
  [/^border-(?:solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [/^border(?:-([tblr]))?(?:-\d+)?$/, (m) => (m[1] ? `border-w-${m[1]}` : 'border-w')],
  [/^border-/, 'border-color'],
  [/^divide-([xy])(?:-\d+)?$/, (m) => `divide-${m[1]}`],
  [/^divide-(?:solid|dashed|dotted|double|none)$/, 'divide-style'],
  [/^divide-/, 'divide-color'],
  [/^outline-(?:none|hidden|solid|dashed|dotted|double)$/, 'outline-style'],
  [/^outline(?:-\d+)?$/, 'outline-w'],
  [/^ring-offset-\d+$/, 'ring-offset-w'],
  [/^ring(?:-\d+)?$/, 'ring-w'],
  [/^ring-/, 'ring-color'],
  [new RegExp(`^shadow(?:-(?:2xs|${TSHIRT}|inner|none))?$`), 'shadow'],
  // An arbitrary shadow (offsets first), not an arbitrary shadow colour.
  [/^shadow-\[(?:inset_)?-?\d/, 'shadow'],
  [/^transition(?:-(?:all|colors|opacity|shadow|transform|none))?$/, 'transition'],
  [/^(translate-[xy])-/, (m) => m[1]!],
  [/^overflow-([xy])-/, (m) => `overflow-${m[1]}`],
  [/^overflow-/, 'overflow'],
  [/^overscroll-([xy])-/, (m) => `overscroll-${m[1]}`],
  [/^overscroll-/, 'overscroll'],
  [/^object-(?:contain|cover|fill|none|scale-down)$/, 'object-fit'],
];

/** A group and the groups a later class of it overrides (tailwind-merge's conflicting groups). */
const OVERRIDES: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['shrink', 'basis'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  'border-w': ['border-w-t', 'border-w-b', 'border-w-l', 'border-w-r'],
};

/** Variants whose position matters (tailwind-merge's order-sensitive modifiers). */
const ORDER_SENSITIVE = new Set([
  '*',
  '**',
  'after',
  'backdrop',
  'before',
  'details-content',
  'file',
  'first-letter',
  'first-line',
  'marker',
  'placeholder',
  'selection',
]);

function groupByName(utility: string): string | undefined {
  const exact = EXACT.get(utility);
  if (exact) return exact;
  for (const [pattern, group] of RULES) {
    const match = pattern.exec(utility);
    if (match) return typeof group === 'string' ? group : group(match);
  }
  return undefined;
}

/** The utility's group, trying it without an opacity or fraction suffix first. */
function groupOf(utility: string): string | undefined {
  const unsigned = utility.startsWith('-') ? utility.slice(1) : utility;
  const slash = unsigned.lastIndexOf('/');
  const bracket = unsigned.lastIndexOf(']');
  if (slash > 0 && slash > bracket) {
    const group = groupByName(unsigned.slice(0, slash));
    if (group) return group;
  }
  return groupByName(unsigned);
}

/** `hover:md:px-2` -> ['hover', 'md', 'px-2']; colons inside brackets or parentheses stay. */
function splitVariants(className: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(className.slice(start));
  return parts;
}

/** Variants in a canonical order, so hover:focus: and focus:hover: are the same place. */
function variantKey(variants: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[') || ORDER_SENSITIVE.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else {
      run.push(variant);
    }
  }
  sorted.push(...run.sort());
  return sorted.join(':');
}

/**
 * The lists merged so far (issue 32: every render of a kit component merges its classes
 * again, a quarter of the waitlist's submit click on a slowed CPU). A render passes the
 * same few lists each time, so the map stays small; it starts over past its limit.
 */
const merged = new Map<string, string>();
const MERGED_LIMIT = 1000;

/** Merges a space-separated class list: for each group and variants, the last class wins. */
export function mergeClasses(classList: string): string {
  const known = merged.get(classList);
  if (known !== undefined) return known;
  const result = merge(classList);
  if (merged.size >= MERGED_LIMIT) merged.clear();
  merged.set(classList, result);
  return result;
}

function merge(classList: string): string {
  const classes = classList.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    if (!className) continue;
    const parts = splitVariants(className);
    let utility = parts.pop()!;
    let important = false;
    if (utility.startsWith('!')) {
      important = true;
      utility = utility.slice(1);
    } else if (utility.endsWith('!')) {
      important = true;
      utility = utility.slice(0, -1);
    }
    const group = groupOf(utility);
    if (!group) {
      kept.push(className);
      continue;
    }
    const place = variantKey(parts) + (important ? '!' : '');
    if (taken.has(place + group)) continue;
    taken.add(place + group);
    for (const overridden of OVERRIDES[group] ?? []) taken.add(place + overridden);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
