import { disposableEmailBlocklist } from 'disposable-email-domains-js';

/*
 * Issue 19: throwaway mailboxes (mailinator.com, yopmail.com, ...) make signups
 * cost nothing. The list is the community-maintained disposable-email-domains
 * list, shipped inside the npm package as JSON (CC0): read once, at load, with
 * no network at run time. A new release of the package brings its new domains.
 */
const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set(
  disposableEmailBlocklist().map((domain) => domain.trim().toLowerCase()),
);

/**
 * Whether `address` is at a disposable-address domain, or at a subdomain of one
 * (anything.mailinator.com counts as mailinator.com). Case and a trailing dot
 * of the domain do not matter; an address without an @ is not disposable (the
 * schema refuses it anyway).
 */
export function isDisposableEmail(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 0) return false;
  let domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '');
  while (domain) {
    if (DISPOSABLE_DOMAINS.has(domain)) return true;
    const dot = domain.indexOf('.');
    if (dot < 0) return false;
    domain = domain.slice(dot + 1);
  }
  return false;
}
