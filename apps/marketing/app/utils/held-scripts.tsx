import { useInlineScriptRecorder } from './own-scripts';

/**
 * The scripts are fetched after the first paint (issue 22). Remix's <Scripts> puts a
 * modulepreload link for every module of the page and an inline module script that
 * imports them; a browser fetches all of them while it parses the document, so on a
 * slow link about 100 KB of scripts share the line with the first paint's bytes, and
 * Lighthouse's simulation (which counts every request finished before the largest
 * paint) charges them to the LCP. The server marks them inert (held-scripts.server.ts:
 * the links get another rel, the module script another type) and the loader below,
 * inline and first, turns them back on once the browser reports the first contentful
 * paint: the preloads start together as before, the module script runs, and React
 * hydrates (entry.client.tsx). Without JavaScript nothing changes: the page never ran them.
 *
 * The loader also brings the rest of the site's stylesheet, as a file, at the same
 * moment: the document carries only the rules its own elements use, and what the
 * scripts render later (the overlays, the next pages) needs the others. The file holds
 * only those (critical-css.server.ts), so its arrival restyles next to nothing (issue
 * 32: the whole sheet in place of the document's copy restyled every element).
 */

/** Where the rest of the sheet is served: this, then the name in the style element's data-rest. */
const REST_STYLESHEET_PATH = '/css/';

/** The site's icon, which the loader links after the first paint (root.tsx says why). */
export const FAVICON = '/favicon.svg';

/** The rel that the server gives Remix's modulepreload links until the first paint. */
export const HELD_PRELOAD_REL = 'x-held-modulepreload';
/** The type that the server gives Remix's inline module script until the first paint. */
export const HELD_MODULE_TYPE = 'text/x-held-module';

/**
 * The loader, written small: it is JavaScript every page sends inline, inside the
 * content pages' 100 KB budget and the first round trip's bytes (/beta is some 270
 * bytes under it, headers counted: docs/performance.md). ES5 and what every browser with
 * modules has (NodeList.forEach, Element.after), it runs before any module. `start` (once, after the document is parsed):
 * - links the site's icon (root.tsx: its fetch before the paint counted into the LCP);
 * - adds the rest of the stylesheet that the document's style element names (none in
 *   the dev server, whose documents carry the whole sheet), last in the head, as it is:
 *   a sheet a script adds holds no paint back, and one added last restyles only what
 *   its rules match. Not behind `media="not all"` switched on at its load (as the whole
 *   sheet was): when a frame came between the load and the switch, Chromium saw the
 *   sheets change rather than one appended, read them all again, registered the
 *   document's @property rules anew and restyled every element (seen in traces);
 * - gives the held links their modulepreload back, so the modules load together: four
 *   a task (issue 32: each link's switch costs the browser a fetch's start, and the ~16
 *   of /beta in one task were a long one with the CPU slowed down 4×);
 * - then puts a live module script (same text, so the same hash in the page's policy)
 *   after each held one.
 * It runs when the browser reports the first contentful paint; at once in a framed page
 * (the console's hidden analytics opt-out frame, the only page that may be framed,
 * never paints and the console waits for its answer); and after 3 s at the latest (a
 * tab opened in the background paints nothing until it is shown).
 */
const loader = () =>
  [
    '(function(){var s,d=document,q=function(c){return d.querySelectorAll(c)};',
    'function g(){if(s)return;',
    "if(d.readyState=='loading')return d.addEventListener('DOMContentLoaded',g);",
    "s=1;var c=d.getElementById('site-css'),r=c&&c.getAttribute('data-rest'),",
    `f=d.createElement('link');f.rel='icon';f.href=${JSON.stringify(FAVICON)};d.head.appendChild(f);`,
    "if(r){var l=d.createElement('link');l.rel='stylesheet';",
    `l.href=${JSON.stringify(REST_STYLESHEET_PATH)}+r;d.head.appendChild(l)}`,
    `var p=q('link[rel="${HELD_PRELOAD_REL}"]'),i=0;`,
    '(function n(){',
    "for(var e=i+4;i<e&&p[i];)p[i++].rel='modulepreload';",
    'if(p[i])return setTimeout(n);',
    `q('script[type="${HELD_MODULE_TYPE}"]').forEach(function(h){`,
    "var m=d.createElement('script');m.type='module';m.text=h.text;h.after(m)})})()}",
    'if(parent!=window)g();',
    'try{var o=new PerformanceObserver(function(e){',
    "if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(g)}});",
    "o.observe({type:'paint',buffered:!0})}",
    'catch(e){requestAnimationFrame(function(){setTimeout(g)})}',
    'setTimeout(g,3e3)})();',
  ].join('');

const LOADER = loader();

/** The inline loader; render it before Remix's <Scripts>. Its text is named in the page's policy. */
export function HeldScriptsLoader() {
  const text = LOADER;
  useInlineScriptRecorder()?.(text);
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
