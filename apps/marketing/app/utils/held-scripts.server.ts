import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from './held-scripts';

const MODULEPRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /<script([^>]*) type="module"/g;

/**
 * Holds a rendered document's scripts until its first paint (see held-scripts.tsx):
 * Remix's modulepreload links and its inline module script, the only ones the site
 * renders, become inert until the loader turns them back on. Only the attribute
 * changes: the elements stay where they are, so React hydrates the same tree.
 */
export function holdScripts(html: string): string {
  return html
    .replace(MODULEPRELOAD, `<link rel="${HELD_PRELOAD_REL}"`)
    .replace(MODULE_SCRIPT, `<script$1 type="${HELD_MODULE_TYPE}"`);
}
