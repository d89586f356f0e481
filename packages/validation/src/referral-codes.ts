/**
 * A referral or invite code as typed or carried in an address (issue 11):
 * letters and digits, case-insensitive (stored upper-case). No zod here: the
 * site reads ?ref= and ?invite= on any page (issue 13).
 */
export const CODE_LENGTH = { min: 4, max: 32 } as const;
export const REFERRAL_CODE_PATTERN = new RegExp(
  `^[A-Za-z0-9]{${CODE_LENGTH.min},${CODE_LENGTH.max}}$`,
);

/**
 * Issue 19: the one answer to an invite code that cannot be used, whether it is
 * unknown, used up, expired or disabled: the form tells nothing that helps probe codes.
 */
export const INVITE_CODE_INVALID_MESSAGE =
  'This invite code is not valid. Check it, or leave the field empty.';

/** Reads a code from an address's query (?ref=, ?invite=): undefined unless well-formed. */
export function codeFromQuery(value: string | null | undefined): string | undefined {
  const code = value?.trim();
  return code && REFERRAL_CODE_PATTERN.test(code) ? code.toUpperCase() : undefined;
}
