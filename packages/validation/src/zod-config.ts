import { z } from 'zod';

// In the browser, zod 4 probes `new Function('')` to compile fast object parsers.
// Both front ends forbid eval in their Content-Security-Policy, so the probe is
// reported as a CSP violation on every page; parse without compiling instead
// (the forms validate a handful of fields). The server keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

/**
 * zod, configured: every contract file takes `z` from here, so the setting holds
 * before any schema is built, and a module without zod (honeypot.ts,
 * analytics-tracker.ts, ...) does not bring zod into a page's bundle.
 */
export { z };
