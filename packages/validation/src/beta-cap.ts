/**
 * Spec section 4: the closed beta takes at most this many testers. Apart from
 * beta.ts so that the site's pages that show it do not download zod (issue 13).
 */
export const BETA_CAP = 100;
