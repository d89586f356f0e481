/**
 * React as module code in the browser build (issue 32).
 *
 * React, React DOM and the scheduler are CommonJS, and each package's `index.js` picks
 * its development or production file with an `if`. Rollup's CommonJS plugin (Vite's
 * default, `strictRequires: true`) wraps every CommonJS file in a function that runs
 * at its first `require`; React DOM's 130 KB became one function, compiled whole and
 * run inside the task that evaluates the page's modules, the longest script task of a
 * page's load (`/beta-feedback`'s, 65 to 71 ms in Lighthouse's 4× figures).
 *
 * Pointing the bare names straight at the production files (which require each other
 * without an `if`) and letting the plugin wrap only what needs it (`'auto'`: cycles and
 * conditional requires) leaves React DOM as the module's own top-level code (whose
 * compile, we take it, no longer falls inside that task: what was measured is the task's
 * length, not where the compile went). The same files
 * React's `index.js` would choose in production, and some 90 bytes less with brotli;
 * only React DOM's check for the React developer tools' dead-code warning is skipped.
 * Traced with the CPU slowed 4× (docs/performance.md): the module-evaluation task about
 * a third shorter. The dev server and the server build keep React as published.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const fromHere = createRequire(import.meta.url);
// The scheduler is React DOM's dependency, not the site's: found from React DOM.
const fromReactDom = createRequire(fromHere.resolve('react-dom/package.json'));

const fileOf = (from: NodeRequire, name: string, file: string) =>
  path.join(path.dirname(from.resolve(`${name}/package.json`)), file);

export const REACT_PRODUCTION_FILES = [
  {
    find: /^react-dom$/,
    replacement: fileOf(fromHere, 'react-dom', 'cjs/react-dom.production.min.js'),
  },
  { find: /^react$/, replacement: fileOf(fromHere, 'react', 'cjs/react.production.min.js') },
  {
    find: /^react\/jsx-runtime$/,
    replacement: fileOf(fromHere, 'react', 'cjs/react-jsx-runtime.production.min.js'),
  },
  {
    find: /^scheduler$/,
    replacement: fileOf(fromReactDom, 'scheduler', 'cjs/scheduler.production.min.js'),
  },
];

/** Rollup's CommonJS plugin: wrap a file in a function only where its semantics need it. */
export const COMMONJS_OPTIONS = { strictRequires: 'auto' as const };
