import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '@repo/validation';

/*
 * The SSRF guard of outgoing webhooks (issue 34). A webhook URL is typed by staff or a
 * Zapier app, and the API then POSTs from inside the network: without a guard, a URL
 * could reach the database, the cloud's metadata service or anything on loopback.
 *
 * - Only public unicast addresses, as ipaddr.js classifies them (loopback, private,
 *   link-local incl. 169.254.169.254, CGNAT, unique-local incl. fd00:ec2::254,
 *   multicast, unspecified, reserved, IPv4-mapped/6to4/NAT64 forms of those are not).
 * - Checked at creation and at every delivery, inside the socket's own `lookup`: the
 *   connection goes to the very address that was checked, so a name that answers a
 *   public address to a check and 127.0.0.1 to the connect (DNS rebinding) gets nowhere.
 * - Redirects are never followed (the request never follows them), no credentials in URLs.
 * WEBHOOKS_ALLOW_PRIVATE_ADDRESSES lifts the address rule (on-premises receivers, tests).
 */

/** Resolves a host name to every address it has (injectable: the tests' resolvers). */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`address not allowed: ${address} is not a public internet address`);
    this.name = 'BlockedAddressError';
  }
}

/** Whether an IP address is a public unicast one (IPv4-mapped IPv6 is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL as an IP address when it is one (brackets of IPv6 removed). */
export function ipLiteralOf(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(host) ? host : undefined;
}

export interface AddressPolicy {
  allowPrivate: boolean;
  resolve: ResolveHost;
}

/** Resolves a host and refuses it unless every address is public; returns the addresses. */
export async function checkedAddresses(
  hostname: string,
  policy: AddressPolicy,
): Promise<{ address: string; family: number }[]> {
  const literal = ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''))
    ? hostname.replace(/^\[|\]$/g, '')
    : undefined;
  const addresses = literal
    ? [{ address: literal, family: ipaddr.parse(literal).kind() === 'ipv6' ? 6 : 4 }]
    : await policy.resolve(hostname);
  if (addresses.length === 0) throw new Error(`${hostname} has no address`);
  if (!policy.allowPrivate) {
    const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
    if (blocked) throw new BlockedAddressError(blocked.address);
  }
  return addresses;
}

/**
 * A `lookup` for http(s).request: resolves with the policy's resolver, checks, and
 * hands the socket the checked addresses only.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        if (options.all) {
          callback(null, usable);
          return;
        }
        const first = usable[0];
        if (!first) callback(new Error(`${hostname} has no IPv${wanted} address`), '', 0);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * What is wrong with an endpoint URL before anything is sent (creation, change):
 * https in production, no user name or password, a public address unless allowed.
 * Undefined when it may be used.
 */
export async function endpointUrlProblem(
  value: string,
  policy: AddressPolicy & { requireHttps: boolean },
): Promise<string | undefined> {
  const url = new URL(value);
  if (policy.requireHttps && url.protocol !== 'https:') return WEBHOOK_MESSAGES.urlHttps;
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials;
  try {
    await checkedAddresses(url.hostname, policy);
  } catch (error) {
    if (error instanceof BlockedAddressError) return WEBHOOK_MESSAGES.urlPrivate;
    // A name that does not resolve now may later (a receiver being set up): the
    // delivery checks again, so only an internal address is refused here.
    return undefined;
  }
  return undefined;
}
