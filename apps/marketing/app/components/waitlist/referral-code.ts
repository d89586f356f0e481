import { codeFromQuery } from '@repo/validation/constants';

const STORAGE_KEY = 'wordloom:referral-code';

/**
 * The referral code of the link the visitor came through (/beta?ref=CODE,
 * issue 11), kept for the browser session so that a signup made after a few
 * pages still credits the referrer. Storage may be unavailable (private modes,
 * blocked cookies): the address alone then decides.
 */
export function rememberReferralCode(search: string = window.location.search): void {
  const code = codeFromQuery(new URLSearchParams(search).get('ref'));
  if (!code) return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not kept: the code still works from this address.
  }
}

export function referralCodeOfVisit(search: string = window.location.search): string | undefined {
  const fromAddress = codeFromQuery(new URLSearchParams(search).get('ref'));
  if (fromAddress) return fromAddress;
  try {
    return codeFromQuery(window.sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}
