/**
 * Rollup's manualChunks for the browser build (issue 13: at most 100 KB of
 * JavaScript per content page, about 87 of them React and Remix).
 *
 * - 'react' (React, React DOM, the scheduler) and 'framework' (Remix, React
 *   Router, turbo-stream), which every page runs: two files instead of a dozen
 *   compress smaller, and stay cached across deploys of the site's own code.
 *   Two rather than one (0.5 KB more gzip per page): a phone on slow 4G fetches
 *   them side by side, and on Lighthouse's simulated connection the 70 KB single
 *   file was what every page's largest paint waited for (issue 13: about 0.1 s
 *   less LCP on every page; React DOM depends on React alone, so the two files
 *   import in one direction).
 * - 'site': the root route and its modules (layout, header, footer, analytics provider,
 *   the button, cn, the icon base) and the few small ones most pages share
 *   (sections, heroes, cards, the call to action, meta tags). Left to Rollup they
 *   come as a dozen files of a few hundred bytes each; as one they compress
 *   together. These modules import the kit and the icons by their own paths
 *   ('@repo/ui/button', 'lucide-react/icons/menu'): through an index module a
 *   manual chunk would take in everything the index exports.
 *
 * Everything else (page code, dialogs, forms) is left to Rollup's own chunking.
 */
const REACT = /\/node_modules\/(?:react|react-dom|scheduler)\//;
const FRAMEWORK =
  /\/node_modules\/(?:@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

const SITE_MODULES = [
  /\/apps\/marketing\/app\/root\.tsx\?__remix-build-client-route$/,
  /\/apps\/marketing\/app\/components\/layout\/(?!not-found)[^/]+\.tsx$/,
  /\/apps\/marketing\/app\/components\/marketing\/(?:section|page-hero|call-to-action)\.tsx$/,
  /\/apps\/marketing\/app\/components\/blog\/post-card\.tsx$/,
  /\/apps\/marketing\/app\/utils\/(?:site|content-security-policy|organization|lazy-component|seo|image-priority|post-images)\.ts$/,
  /\/packages\/analytics\/src\/react\.tsx$/,
  /\/packages\/ui\/src\/lib\/[^/]+\.ts$/,
  /\/packages\/ui\/src\/components\/(?:button|slot|card|use-toast|lazy-toaster)\.tsx?$/,
  /\/node_modules\/(?:class-variance-authority|clsx)\//,
  /\/node_modules\/lucide-react\/dist\/esm\/(?:createLucideIcon|Icon|context|defaultAttributes|shared\/[^/]+|icons\/(?:menu|x|arrow-right|clock))\.mjs$/,
  /vite\/preload-helper/,
];

export function siteChunk(id: string): string | undefined {
  if (REACT.test(id)) return 'react';
  if (FRAMEWORK.test(id)) return 'framework';
  return SITE_MODULES.some((pattern) => pattern.test(id)) ? 'site' : undefined;
}
