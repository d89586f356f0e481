import { codeFromQuery } from '@repo/validation';

/**
 * The codes a visitor can bring in the address (issue 11): a referral code
 * (/beta?ref=CODE) and an invite code (/beta?invite=CODE). Each is kept for the
 * browser session, so that a signup made after a few pages still uses it.
 * Storage may be unavailable (private modes, blocked cookies): the address
 * alone then decides.
 */
const CODES = {
  ref: 'wordloom:referral-code',
  invite: 'wordloom:invite-code',
} as const;
type CodeKind = keyof typeof CODES;

function fromAddress(kind: CodeKind, search: string): string | undefined {
  return codeFromQuery(new URLSearchParams(search).get(kind));
}

export function rememberVisitCodes(search: string = window.location.search): void {
  for (const kind of Object.keys(CODES) as CodeKind[]) {
    const code = fromAddress(kind, search);
    if (!code) continue;
    try {
      window.sessionStorage.setItem(CODES[kind], code);
    } catch {
      // Not kept: the code still works from this address.
    }
  }
}

function codeOfVisit(kind: CodeKind, search: string): string | undefined {
  const code = fromAddress(kind, search);
  if (code) return code;
  try {
    return codeFromQuery(window.sessionStorage.getItem(CODES[kind]));
  } catch {
    return undefined;
  }
}

export const referralCodeOfVisit = (search: string = window.location.search) =>
  codeOfVisit('ref', search);
export const inviteCodeOfVisit = (search: string = window.location.search) =>
  codeOfVisit('invite', search);
