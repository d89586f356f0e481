/**
 * The honeypot of the public forms (issue 8): a field people never see, so only
 * bots fill it. A filled one gets the normal success answer and nothing is kept.
 * No zod here: the site's tracker reads the field's name on every page (issue 13).
 */
export const HONEYPOT_FIELD = 'website';
export const HONEYPOT_LABEL = 'Leave this field empty';

export function isHoneypotFilled(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}
