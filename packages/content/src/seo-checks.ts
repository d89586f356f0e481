import GithubSlugger from 'github-slugger';
import type { Heading, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';

/*
 * A post checked against the site's own SEO rules before it is published (issue
 * 23), one function for the API (which refuses a publish with blocking problems
 * unless overridden) and the console (which lists them as staff type). The text
 * is parsed as the site renders it: mdast-util-from-markdown is react-markdown's
 * own parser (through remark-parse, with no syntax extensions), and heading ids
 * come from github-slugger, the slugger rehype-slug uses in PostMarkdown.
 */

/*
 * The lengths, from the site's on-page checklist post ("aim for roughly 50 to 60
 * characters" for the title tag) and what search results show of a description
 * (about 155 to 160 characters). The title is the post's own: the site adds
 * its name after it, which search results cut first.
 */
const TITLE_MIN = 20;
const TITLE_MAX = 60;
const DESCRIPTION_MIN = 70;
const DESCRIPTION_MAX = 160;
const WORDS_PER_MINUTE = 200;

export type ProblemCode =
  | 'title_too_short'
  | 'title_too_long'
  | 'description_too_short'
  | 'description_too_long'
  | 'content_empty'
  | 'h1_in_content'
  | 'heading_skipped'
  | 'image_alt_missing'
  | 'internal_link_broken'
  | 'anchor_broken';

export interface Problem {
  code: ProblemCode;
  message: string;
  /** A blocking problem stops publishing unless overridden with a reason. */
  blocking: boolean;
  /** The line of the text it is on (1-based), when it is in the text. */
  line?: number;
}

export interface CheckedPost {
  title: string;
  slug: string;
  /** The page's meta description. */
  excerpt: string;
  /** Markdown. */
  content?: string | null;
}

export interface CheckContext {
  /** Whether an internal path (no query, no fragment) is a page or a published post of the site. */
  pathExists(path: string): boolean;
}

/** A problem in the text, with where it starts (to list them in the text's order). */
type Located = Problem & { offset: number };

const at = (node: Nodes) => ({
  line: node.position?.start.line,
  offset: node.position?.start.offset ?? 0,
});

/** Every node of the tree, in document order. */
function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* walk(child);
}

/** The text rehype-slug reads from the rendered heading (no image alt, no raw HTML: skipHtml drops it). */
const headingText = (heading: Heading) =>
  toString(heading, { includeImageAlt: false, includeHtml: false });

/** The ids PostMarkdown gives the headings (rehype-slug: github-slugger, in document order). */
function headingIds(tree: Root): Set<string> {
  const slugger = new GithubSlugger();
  const ids = new Set<string>();
  for (const node of walk(tree)) {
    if (node.type === 'heading') ids.add(slugger.slug(headingText(node)));
  }
  return ids;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function lengthProblems(post: CheckedPost): Problem[] {
  const problems: Problem[] = [];
  const title = post.title.trim().length;
  if (title < TITLE_MIN) {
    problems.push({
      code: 'title_too_short',
      blocking: false,
      message: `The title has ${title} characters: at least ${TITLE_MIN} say what the post is about in search results`,
    });
  } else if (title > TITLE_MAX) {
    problems.push({
      code: 'title_too_long',
      blocking: false,
      message: `The title has ${title} characters: search results cut it after about ${TITLE_MAX}`,
    });
  }
  const description = post.excerpt.trim().length;
  if (description < DESCRIPTION_MIN) {
    problems.push({
      code: 'description_too_short',
      blocking: false,
      message: `The excerpt (the page's meta description) has ${description} characters: give search results ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX}`,
    });
  } else if (description > DESCRIPTION_MAX) {
    problems.push({
      code: 'description_too_long',
      blocking: false,
      message: `The excerpt (the page's meta description) has ${description} characters: search results cut it after about ${DESCRIPTION_MAX}`,
    });
  }
  return problems;
}

/** A link's address as written, through its definition for a reference-style link. */
function linkTargets(tree: Root): { url: string; node: Nodes }[] {
  const definitions = new Map<string, string>();
  for (const node of walk(tree)) {
    if (node.type === 'definition' && !definitions.has(node.identifier)) {
      definitions.set(node.identifier, node.url);
    }
  }
  const targets: { url: string; node: Nodes }[] = [];
  for (const node of walk(tree)) {
    if (node.type === 'link') targets.push({ url: node.url, node });
    if (node.type === 'linkReference') {
      const url = definitions.get(node.identifier);
      // An undefined reference renders as plain text, not a link.
      if (url !== undefined) targets.push({ url, node });
    }
  }
  return targets;
}

function linkProblems(tree: Root, post: CheckedPost, context: CheckContext): Located[] {
  const problems: Located[] = [];
  const ids = headingIds(tree);
  const ownPath = `/blog/${post.slug}`;
  for (const { url, node } of linkTargets(tree)) {
    const hashAt = url.indexOf('#');
    const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
    const fragment = hashAt === -1 ? undefined : decodeFragment(url.slice(hashAt + 1));
    const path = beforeHash.split('?')[0] ?? '';
    // `//host` and `/\host` are other hosts.
    const internal = /^\/(?![/\\])/.test(path);
    if (internal) {
      const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
      if (normalized !== ownPath && !context.pathExists(normalized)) {
        problems.push({
          code: 'internal_link_broken',
          blocking: true,
          ...at(node),
          message: `The link to ${path} goes nowhere: no page or published post has that address`,
        });
        continue;
      }
    }
    const samePage = beforeHash === '' || (internal && path.replace(/\/+$/, '') === ownPath);
    if (samePage && fragment && !ids.has(fragment)) {
      problems.push({
        code: 'anchor_broken',
        blocking: true,
        ...at(node),
        message: `The link to #${fragment} matches no heading of this post`,
      });
    }
  }
  return problems;
}

function structureProblems(tree: Root): Located[] {
  const problems: Located[] = [];
  // The page's title is its h1; PostMarkdown renders a `#` heading as an h2.
  let previousLevel = 1;
  for (const node of walk(tree)) {
    if (node.type === 'heading') {
      if (node.depth === 1) {
        problems.push({
          code: 'h1_in_content',
          blocking: false,
          ...at(node),
          message: `“${headingText(node)}” is a level-1 heading: the post's title is the page's only one, so start at ##`,
        });
      }
      const level = Math.max(node.depth, 2);
      if (level > previousLevel + 1) {
        problems.push({
          code: 'heading_skipped',
          blocking: false,
          ...at(node),
          message: `“${headingText(node)}” is a level-${level} heading after a level-${previousLevel} one: a level is skipped`,
        });
      }
      previousLevel = level;
    }
    if ((node.type === 'image' || node.type === 'imageReference') && !node.alt?.trim()) {
      problems.push({
        code: 'image_alt_missing',
        blocking: true,
        ...at(node),
        message: 'An image has no alt text: describe it for readers who cannot see it',
      });
    }
  }
  return problems;
}

/** The post's problems against the site's SEO rules, in the order of the text. */
export function checkPost(post: CheckedPost, context: CheckContext): Problem[] {
  const markdown = post.content ?? '';
  const problems = lengthProblems(post);
  if (!markdown.trim()) {
    problems.push({
      code: 'content_empty',
      blocking: false,
      message: 'The post has no text yet: the site shows a placeholder instead',
    });
    return problems;
  }
  const tree = fromMarkdown(markdown);
  const inText = [...structureProblems(tree), ...linkProblems(tree, post, context)]
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset: _offset, ...problem }) => problem);
  return [...problems, ...inText];
}

/** Minutes to read the text at about 200 words a minute, at least one (what the site shows). */
export function readingTimeMinutes(markdown: string | null | undefined): number {
  if (!markdown?.trim()) return 1;
  let words = 0;
  for (const node of walk(fromMarkdown(markdown))) {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      words += node.value.split(/\s+/).filter(Boolean).length;
    }
  }
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
