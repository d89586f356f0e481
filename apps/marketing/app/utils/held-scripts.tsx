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
 * The loader also brings the site's whole stylesheet, as a file, at the same moment: the
 * document carries only the rules its own elements use (critical-css.server.ts), and
 * what the scripts render later (the overlays, the next pages) needs the rest. Once it
 * has loaded, the document's own copy is emptied.
 */

/** The rel that the server gives Remix's modulepreload links until the first paint. */
export const HELD_PRELOAD_REL = 'x-held-modulepreload';
/** The type that the server gives Remix's inline module script until the first paint. */
export const HELD_MODULE_TYPE = 'text/x-held-module';

// Plain ES5 in a string: it runs before any module, in every browser the site serves.
const loader = (stylesheet: string) => `(function () {
  var started = false;
  function start() {
    if (started) return;
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', start);
      return;
    }
    started = true;
    var sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = ${JSON.stringify(stylesheet)};
    // Once the whole sheet applies, the document's copy of its rules goes: every rule
    // twice would make each style recalculation match twice as many.
    sheet.onload = function () {
      var inline = document.getElementById('site-css');
      if (inline) inline.textContent = '';
    };
    document.head.appendChild(sheet);
    var links = document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]');
    for (var i = 0; i < links.length; i++) links[i].rel = 'modulepreload';
    var held = document.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]');
    for (var j = 0; j < held.length; j++) {
      var script = document.createElement('script');
      script.type = 'module';
      script.nonce = held[j].nonce;
      script.textContent = held[j].textContent;
      held[j].parentNode.insertBefore(script, held[j].nextSibling);
    }
  }
  // A framed page is the console's hidden analytics opt-out frame (no other page may be
  // framed): it never paints, and the console waits for its answer.
  if (window.parent !== window) start();
  try {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch (error) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  // A tab opened in the background paints nothing until it is shown: the page still
  // comes alive.
  setTimeout(start, 3000);
})();`;

/** The inline loader; render it before Remix's <Scripts>. */
export function HeldScriptsLoader({ nonce, stylesheet }: { nonce?: string; stylesheet: string }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: loader(stylesheet) }}
    />
  );
}
