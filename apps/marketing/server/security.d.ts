/** True for /api and everything under it (the proxy route answers those). */
export function isApiPath(pathname: string): boolean;
/** False for a form post Remix would refuse as cross-site (see security.js). */
export function acceptsOriginOf(
  method: string,
  header: (name: string) => string | undefined,
): boolean;
