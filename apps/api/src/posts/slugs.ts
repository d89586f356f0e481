// One rule for the API and the console's editor (issue 23).
export { slugFromTitle } from '@repo/validation';

/** Minutes at about 200 words a minute, at least one. */
export function readingTimeOf(markdown: string | undefined): number {
  const words = markdown?.trim().split(/\s+/).filter(Boolean).length ?? 0;
  return Math.max(1, Math.ceil(words / 200));
}
