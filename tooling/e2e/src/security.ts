import type { Page } from 'playwright-core';

/** What a client could send to pass itself off as someone else, or as HTTPS. */
export const SPOOFING_HEADERS = {
  'x-forwarded-for': '1.2.3.4',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
  forwarded: 'for=1.2.3.4;proto=https;host=evil.example',
  'x-real-ip': '1.2.3.4',
};

export const TEN_MB = 10 * 1024 * 1024;

/** Runs in the page before its scripts (`addInitScript`): keeps every CSP violation the page reports. */
export function recordCspViolations() {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile})`),
  );
}

/** The violations the page reported so far (zod's eval probe is off in the browser: none expected). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}
