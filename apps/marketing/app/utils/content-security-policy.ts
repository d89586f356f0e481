import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy of the site's pages. Scripts run only from this
 * origin or, inline, with the page's nonce (Remix's hydration scripts). No
 * 'strict-dynamic': Remix 2 renders its <link rel="modulepreload"> tags without
 * the nonce, and under 'strict-dynamic' those would be refused. Inline styles
 * stay allowed (Radix and the toast library set style attributes).
 */
export function contentSecurityPolicy(nonce: string, frameAncestors = "'none'"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * The nonce of the page being rendered on the server (entry.server.tsx).
 * Browsers hide nonce attributes from scripts, so the client renders none.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
