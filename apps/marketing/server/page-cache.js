// A short-lived in-process cache of rendered pages (issue 13): the micro-cache a
// CDN would otherwise give. Only anonymous GET and HEAD requests are answered from
// it, and only answers that a shared cache may keep: status 200, no Set-Cookie,
// `s-maxage` in Cache-Control (kept that long, as a CDN would), no Vary beyond
// Accept-Encoding. Pages depend on their address alone (no loader reads cookies or
// headers), so the key is the path and query string.
//
// Each entry is kept as the page and, once compressed in the background (on libuv's
// thread pool, after the answer that rendered it has gone), as brotli at its highest
// quality and gzip at level 9 (issue 22): a hit is then sent as those bytes, with no
// work per request, and a page is about 15% smaller than the compression middleware's
// on-the-fly brotli (quality 4), which kept the home page, /beta and the posts over the
// first round trip's 14.6 KB. This holds because a page's bytes are the same for every
// visitor: its Content-Security-Policy names its inline scripts by hash, not by a
// nonce per answer (app/utils/content-security-policy.server.ts). Until the compressed
// copies are ready, and for a client that accepts neither, the page goes out as before,
// encoded by the compression middleware for this request's Accept-Encoding.
import { Buffer } from 'node:buffer';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** More entries than pages and filter combinations people use; the oldest go first. */
const MAX_ENTRIES = 500;
/** Larger answers are not worth holding in memory. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Headers that describe one transfer, not the page. */
const TRANSFER_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
  'age',
  'x-cache',
  // Each request's own (issue 21): a hit carries the id of the request it answers.
  'x-request-id',
]);

/**
 * MARKETING_PAGE_CACHE: '1' (the default) or '0' to switch the cache off.
 * @param {string | undefined} value
 * @returns {boolean}
 */
export function parsePageCacheSetting(value) {
  const text = (value ?? '').trim();
  if (text === '' || text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  throw new Error('MARKETING_PAGE_CACHE: 1 (on) or 0 (off)');
}

/**
 * Seconds a shared cache may keep the answer, and how long past that it may serve
 * it while fetching a fresh one; undefined when it may not keep it at all.
 * @param {string | undefined} cacheControl
 */
export function sharedCacheLifetime(cacheControl) {
  if (!cacheControl || /(?:^|,)\s*(?:private|no-store|no-cache)\b/i.test(cacheControl)) {
    return undefined;
  }
  const maxAge = /(?:^|,)\s*s-maxage\s*=\s*(\d+)/i.exec(cacheControl);
  if (!maxAge || Number(maxAge[1]) <= 0) return undefined;
  const stale = /(?:^|,)\s*stale-while-revalidate\s*=\s*(\d+)/i.exec(cacheControl);
  return { maxAgeSeconds: Number(maxAge[1]), staleSeconds: stale ? Number(stale[1]) : 0 };
}

/** @param {import('express').Request} req */
function isAnonymousRead(req) {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    req.headers.cookie === undefined &&
    req.headers.authorization === undefined
  );
}

/** What the compressed copies are made with: the smallest output, paid once a page. */
const ENCODERS = {
  /** @param {Buffer} body */
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  /** @param {Buffer} body */
  gzip: (body) => gzipped(body, { level: 9 }),
};
/** @typedef {keyof typeof ENCODERS} Encoding */
/** In the order a hit prefers them, when the request accepts both. */
const ENCODINGS = /** @type {Encoding[]} */ (['br', 'gzip']);

/**
 * @typedef {object} Entry
 * @property {Buffer} body the page as rendered
 * @property {Partial<Record<Encoding, Buffer>>} encoded its compressed copies, once ready
 * @property {Record<string, string | string[]>} headers
 * @property {number} storedAt
 * @property {number} freshUntil
 * @property {number} staleUntil
 * @property {boolean} refreshing whether a request is rendering a fresh copy now
 */

/**
 * @param {{ enabled: boolean, now?: () => number, skip?: (req: import('express').Request) => boolean, onLookup?: (result: 'hit' | 'miss') => void }} options
 *   `skip`: requests never answered from (or stored in) the cache. `onLookup`: told
 *   whether each request the cache could answer was a hit (fresh, or stale while
 *   another renders) or a miss (rendered), for the hit ratio (issue 21).
 */
export function createPageCache({
  enabled,
  now = Date.now,
  skip = () => false,
  onLookup = () => undefined,
}) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  /**
   * Bumped by clear: a page whose rendering began before is not kept, since it
   * may show what the clear was for (issue 23: a post published meanwhile).
   */
  let generation = 0;
  /** The compressions under way, for tests to wait on. */
  const compressing = new Set();

  /** Makes the entry's compressed copies; a failure leaves it to the middleware. */
  function compress(entry) {
    for (const encoding of ENCODINGS) {
      const job = ENCODERS[encoding](entry.body)
        .then((bytes) => {
          entry.encoded[encoding] = bytes;
        })
        .catch(() => undefined)
        .finally(() => compressing.delete(job));
      compressing.add(job);
    }
  }

  /**
   * Answers a request from the cache: with a compressed copy this request accepts, or
   * else the page itself, which the compression middleware (mounted before) encodes
   * for this request's Accept-Encoding as it would a rendered one.
   * @type {import('express').RequestHandler}
   */
  function serve(req, res, next) {
    if (!enabled || !isAnonymousRead(req) || skip(req)) return next();
    const key = req.originalUrl;
    const entry = entries.get(key);
    const time = now();
    res.locals.pageCacheGeneration = generation;
    if (!entry || time >= entry.staleUntil) {
      res.locals.pageCacheStore = key;
      onLookup('miss');
      return next();
    }
    if (time >= entry.freshUntil && !entry.refreshing) {
      // Stale: this request renders a fresh copy; the others get this one meanwhile
      // (stale-while-revalidate), so an expiry never sends every visitor to render at once.
      entry.refreshing = true;
      res.locals.pageCacheStore = key;
      res.on('close', () => {
        entry.refreshing = false;
      });
      onLookup('miss');
      return next();
    }
    // Recently used entries are evicted last.
    entries.delete(key);
    entries.set(key, entry);
    // The encoding this request prefers, if its copy is ready; otherwise the page itself,
    // which the middleware compresses on the fly. (Taking any ready copy sent gzip to a
    // brotli client in the moment between the gzip copy and the slower brotli one.)
    const preferred = ENCODINGS.find((name) => req.acceptsEncodings(name));
    const encoding = preferred && entry.encoded[preferred] ? preferred : undefined;
    const body = (encoding && entry.encoded[encoding]) || entry.body;
    res.status(200);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.vary('Accept-Encoding');
    // Already encoded: the compression middleware lets it pass as it is.
    if (encoding) res.setHeader('content-encoding', encoding);
    res.setHeader('age', String(Math.floor((time - entry.storedAt) / 1000)));
    res.setHeader('x-cache', 'HIT');
    onLookup('hit');
    res.setHeader('content-length', String(body.length));
    return req.method === 'HEAD' ? res.end() : res.end(body);
  }

  /**
   * Records what the rest of the chain answers (after compression, so it sees the
   * identity body) and keeps it when a shared cache may.
   * @type {import('express').RequestHandler}
   */
  function capture(req, res, next) {
    const key = res.locals.pageCacheStore;
    if (!key) return next();
    res.setHeader('x-cache', 'MISS');
    if (req.method !== 'GET') return next();
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    const collect = (chunk, encoding) => {
      if (tooLarge || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      size += buffer.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(Buffer.from(buffer));
    };
    // What the page itself says about its encoding, read before the compression
    // middleware (which runs when the headers go out) adds its own.
    let pageEncoding;
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, encoding, callback) {
      if (!res.headersSent) pageEncoding = res.getHeader('content-encoding');
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      if (!res.headersSent) pageEncoding = res.getHeader('content-encoding');
      collect(chunk, encoding);
      return end.call(this, chunk, encoding, callback);
    };
    res.once('finish', () => {
      // Encoded by the page itself: not ours to keep.
      if (tooLarge || (pageEncoding !== undefined && pageEncoding !== 'identity')) return;
      if (res.locals.pageCacheGeneration !== generation) return;
      const entry = entryFrom(res, Buffer.concat(chunks), now());
      if (!entry) {
        // The page moved, vanished or went private: forget the old copy. A server error
        // keeps it (served until its stale time runs out) rather than spread the error.
        if (res.statusCode < 500) entries.delete(key);
        return;
      }
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value);
      compress(entry);
    });
    return next();
  }

  return {
    serve,
    capture,
    /** Forgets every page, and every page being rendered now. */
    clear: () => {
      generation += 1;
      entries.clear();
    },
    size: () => entries.size,
    /** Resolves once the compressed copies begun so far are made. */
    compressed: async () => {
      while (compressing.size > 0) await Promise.all([...compressing]);
    },
  };
}

/**
 * The cache entry for a finished answer, or undefined when it must not be kept.
 * @param {import('express').Response} res
 * @param {Buffer} body
 * @param {number} time
 * @returns {Entry | undefined}
 */
function entryFrom(res, body, time) {
  if (res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return undefined;
  const lifetime = sharedCacheLifetime(String(res.getHeader('cache-control') ?? ''));
  if (!lifetime) return undefined;
  const vary = String(res.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (vary.some((name) => name !== 'accept-encoding')) return undefined;

  /** @type {Record<string, string | string[]>} */
  const headers = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || TRANSFER_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return {
    body,
    encoded: {},
    headers,
    storedAt: time,
    freshUntil: time + lifetime.maxAgeSeconds * 1000,
    staleUntil: time + (lifetime.maxAgeSeconds + lifetime.staleSeconds) * 1000,
    refreshing: false,
  };
}
