import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** What an incoming x-request-id may be to be kept: short, and nothing a log line could choke on. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The header the front ends' proxies set and every answer carries (issue 21). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId`: the id a trusted proxy (TRUST_PROXY, the same setting that
 * decides whose X-Forwarded-For counts) sent, when it is short and safe; otherwise
 * a fresh UUID. A client talking to the API directly cannot choose the id its
 * lines are logged under.
 */
export function requestIdGenerator(trustProxy: boolean | string) {
  const trusted = trustedPeer(trustProxy);
  return (request: IncomingMessage): string => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      typeof given === 'string' &&
      REQUEST_ID_PATTERN.test(given) &&
      trusted(request.socket?.remoteAddress ?? '')
    ) {
      return given;
    }
    return randomUUID();
  };
}

/** Whether the immediate peer is one TRUST_PROXY trusts (Fastify's own reading of the setting). */
function trustedPeer(trustProxy: boolean | string): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  const trust = proxyAddr.compile(
    trustProxy
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
  return (address) => address !== '' && trust(address, 0);
}
