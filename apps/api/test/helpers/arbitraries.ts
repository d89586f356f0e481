import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './test-app';

/**
 * Generators of bad input for the property tests (test/property-*.test.ts):
 * bodies, query strings, path parameters and headers a hostile or broken client
 * could send. A body is built as a small JSON syntax tree, so it can carry what
 * a JavaScript object cannot: duplicate keys, an own `__proto__` key, numbers
 * such as 1e999.
 */

/** Strings that have broken parsers, databases and templates before. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  'x\ud83dy', // half an emoji
  '\u202eevil\u202c', // right-to-left override
  '\u200f\u200e\u061c', // RTL / LTR / Arabic letter marks
  '\ufeff', // byte order mark
  '\u200b\u200c\u200d\u2060', // zero-width characters
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301', // stacked combining accents
  '👩‍👩‍👧‍👦🏳️‍🌈', // ZWJ sequences
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\u0085\u2028\u2029', // line separators JSON and JS disagree on
  '\r\n\t\u000b\f',
  'ﷺ',
  '%00%2e%2e%2f',
  '../../etc/passwd',
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '{{constructor.constructor("x")()}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  'null',
  'true',
  '[]',
  '{}',
  'ad\u0000a@example.com',
  'a@b',
  '@example.com',
  'ada@example.com',
  'ADA@EXAMPLE.COM',
  'ada+tag@ex\u0430mple.com', // Cyrillic a
  'ädä@exämple.com',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2024-02-30T25:61:61Z',
  '0000-01-01T00:00:00Z',
  '275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59.999+14:00',
] as const;

/** A JSON syntax tree: objects are lists of entries, so keys may repeat. */
type JsonNode =
  | null
  | boolean
  | string
  /** Raw JSON text: numbers such as 1e999, or pre-built deep nesting. */
  | { raw: string }
  | { arr: JsonNode[] }
  | { obj: [string, JsonNode][] };

/** JSON text of a tree (JSON.stringify escapes lone surrogates as \\udXXX). */
function toJsonText(node: JsonNode): string {
  if (node === null || typeof node === 'boolean' || typeof node === 'string')
    return JSON.stringify(node);
  if ('raw' in node) return node.raw;
  if ('arr' in node) return `[${node.arr.map(toJsonText).join(',')}]`;
  return `{${node.obj.map(([key, value]) => `${JSON.stringify(key)}:${toJsonText(value)}`).join(',')}}`;
}

/** The tree of a plain JavaScript value (a valid body to mutate). */
function fromValue(value: unknown): JsonNode {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return { raw: JSON.stringify(value) };
  if (Array.isArray(value)) return { arr: value.map(fromValue) };
  return {
    obj: Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromValue(v)]),
  };
}

/** Keys that reach for the prototype chain, plus a few that look like options. */
const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  'status',
  'id',
  'createdAt',
  'role',
  'isAdmin',
  'userId',
];

const numberText = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '-1',
    '1e999',
    '-1e999',
    '1e-400',
    '9007199254740993',
    '123456789012345678901234567890',
    '0.1',
    '1.5',
    '2147483648',
    '-2147483649',
    '1E2',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
);

/** n levels of arrays (or objects), as JSON text: no recursion needed to build it. */
const deeplyNested = (depth: number, kind: 'arr' | 'obj') =>
  kind === 'arr'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A value nested 100 to 2,000 levels deep (as raw JSON text in the tree). */
const deepNode: fc.Arbitrary<JsonNode> = fc
  .tuple(fc.integer({ min: 100, max: 2000 }), fc.constantFrom<'arr' | 'obj'>('arr', 'obj'))
  .map(([depth, kind]) => ({ raw: deeplyNested(depth, kind) }));

/** Odd text: generated Unicode of every kind (lone surrogates included) and the list above. */
const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 3000 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...ODD_STRINGS.filter(Boolean)), fc.integer({ min: 2, max: 500 }))
      .map(([unit, times]) => unit.repeat(times)),
  },
);

const scalar: fc.Arbitrary<JsonNode> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numberText.map((raw) => ({ raw })),
  oddString,
);

/** Any JSON value, a few levels deep, with dangerous and repeated keys. */
const jsonNode: fc.Arbitrary<JsonNode> = fc.letrec<{ node: JsonNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('node'), { maxLength: 5 }).map((arr) => ({ arr })),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), oddString), tie('node')), {
        maxLength: 5,
      })
      .map((obj) => ({ obj })),
  ),
})).node;

/**
 * Bodies made from a valid one: fields dropped, retyped, replaced with odd text
 * or nested junk, repeated with another value, and dangerous keys added. Many
 * pass validation, so the database and the templates see odd text as well.
 */
function mutatedBody(
  valid: Record<string, unknown>,
  freeText: readonly string[] = [],
): fc.Arbitrary<JsonNode> {
  const entries = Object.entries(valid);
  const one = (key: string, node: JsonNode): [string, JsonNode][] => [[key, node]];
  const replacements = (key: string, value: unknown): fc.Arbitrary<[string, JsonNode][]> => {
    const nested =
      value && typeof value === 'object' && !Array.isArray(value)
        ? [mutatedBody(value as Record<string, unknown>).map((node) => one(key, node))]
        : Array.isArray(value) && value[0] && typeof value[0] === 'object'
          ? [
              mutatedBody(value[0] as Record<string, unknown>).map((node) =>
                one(key, { arr: [node, ...value.slice(1).map(fromValue)] }),
              ),
            ]
          : [];
    return fc.oneof(
      fc.constant<[string, JsonNode][]>([]),
      oddString.map((text) => one(key, text)),
      {
        weight: 3,
        arbitrary:
          typeof value === 'string'
            ? oddString.map((text) => one(key, `${value}${text}`))
            : jsonNode.map((node) => one(key, node)),
      },
      jsonNode.map((node) => one(key, node)),
      deepNode.map((node) => one(key, node)),
      // A duplicate key: which one wins is the parser's choice; both must be safe.
      jsonNode.map((node): [string, JsonNode][] => [
        [key, fromValue(value)],
        [key, node],
      ]),
      ...nested,
    );
  };
  const field = (key: string, value: unknown) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(one(key, fromValue(value))) },
      { weight: 3, arbitrary: replacements(key, value) },
    );
  const extras = fc.array(fc.tuple(fc.constantFrom(...DANGEROUS_KEYS), jsonNode), { maxLength: 3 });
  // Every field at risk at once, or a valid body with exactly one field changed
  // (which gets past validation more often, to the database and the templates).
  const allFields = fc.tuple(...entries.map(([key, value]) => field(key, value)));
  const oneField = fc
    .integer({ min: 0, max: Math.max(0, entries.length - 1) })
    .chain((index) =>
      entries.length === 0
        ? fc.constant([] as [string, JsonNode][][])
        : replacements(entries[index]![0], entries[index]![1]).map((changed) =>
            entries.map(([key, value], i) => (i === index ? changed : one(key, fromValue(value)))),
          ),
    );
  // Odd text appended to some of the strings and nothing else: mostly still valid, so
  // lone surrogates, RTL marks and emoji reach the database and the templates.
  const shortOdd = fc.oneof(
    fc.constantFrom(...ODD_STRINGS.filter((text) => text.length <= 20)),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
  );
  const appended = fc.tuple(
    ...entries.map(([key, value]) =>
      typeof value === 'string' && freeText.includes(key)
        ? fc.option(shortOdd, { nil: undefined }).map((text) => one(key, `${value}${text ?? ''}`))
        : fc.constant(one(key, fromValue(value))),
    ),
  );
  return fc
    .tuple(
      fc.oneof(
        { weight: 1, arbitrary: allFields },
        { weight: 1, arbitrary: oneField },
        ...(freeText.length ? [{ weight: 2, arbitrary: appended }] : []),
      ),
      fc.oneof(fc.constant([]), extras),
      fc.boolean(),
    )
    .map(([fields, extra, extraFirst]) => {
      const obj = fields.flat();
      return { obj: extraFirst ? [...extra, ...obj] : [...obj, ...extra] };
    });
}

/** light-my-request's own User-Agent reads as a bot (analytics drops those events unread). */
const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

export interface GeneratedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the case is, for the failure message. */
  label: string;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset="no-such-charset"',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'text/plain',
  'text/plain;charset=UTF-8',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/octet-stream',
  '*/*',
  'json',
  ';',
  '',
];

/** Bodies that are not a generated tree: broken JSON, deep nesting, huge text. */
function rawBodies(bodyLimit: number): fc.Arbitrary<{ text: string | Buffer; label: string }> {
  return fc.oneof(
    fc.constantFrom(
      { text: deeplyNested(1000, 'arr'), label: '1,000 nested arrays' },
      { text: deeplyNested(1000, 'obj'), label: '1,000 nested objects' },
      {
        text: deeplyNested(Math.floor(bodyLimit / 2) - 10, 'arr'),
        label: 'nested arrays up to the body limit',
      },
      { text: `{"events":${deeplyNested(5000, 'arr')}}`, label: 'events: 5,000 nested arrays' },
      { text: '', label: 'empty' },
      { text: ' ', label: 'blank' },
      { text: 'null', label: 'null' },
      { text: '"just a string"', label: 'string' },
      { text: '[]', label: 'array' },
      { text: '[{}]', label: 'array of object' },
      { text: '12', label: 'number' },
      { text: '{', label: 'truncated' },
      { text: '{"a":1,}', label: 'trailing comma' },
      { text: "{'a':1}", label: 'single quotes' },
      { text: '{"a":NaN}', label: 'NaN' },
      { text: '{"a":1}garbage', label: 'trailing garbage' },
      { text: '\ufeff{}', label: 'BOM' },
      {
        text: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
        label: 'proto',
      },
      { text: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), label: 'UTF-16 bytes' },
      {
        text: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
        label: 'invalid UTF-8',
      },
      { text: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]), label: 'gzip magic, truncated' },
      { text: 'a=1&a=2&__proto__[x]=1&constructor[prototype][y]=2', label: 'form' },
      {
        text: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
        label: 'multipart',
      },
    ),
    fc
      .tuple(
        fc.constantFrom('x', 'é', '\u0000', '😀', '\ud800'),
        fc.integer({ min: bodyLimit - 64, max: bodyLimit + 4096 }),
      )
      .map(([unit, length]) => ({
        text: JSON.stringify({ email: unit.repeat(Math.ceil(length / Buffer.byteLength(unit))) }),
        label: `a ${length}-byte string`,
      })),
  );
}

/** Headers that can go with any request: junk cookies, credentials, forwarded addresses. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    cookie: fc.constantFrom(
      'wl_sid=',
      'wl_sid=abc.def',
      'wl_sid=%ZZ',
      '__Host-wl_sid=s%3Anope',
      'wl_sid=a; wl_sid=b',
      'a'.repeat(8000),
      '=;;=',
    ),
    authorization: fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer wl_live_x_y',
      'Basic Og==',
      'x'.repeat(5000),
    ),
    'x-forwarded-for': fc.constantFrom(
      'not-an-ip',
      '1.2.3.4, 5.6.7.8',
      '::1',
      '999.999.999.999',
      '',
    ),
    'user-agent': fc.constantFrom(
      '',
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
      'x'.repeat(4000),
    ),
    accept: fc.constantFrom('text/html', '*/*', 'application/xml', ''),
    'if-none-match': fc.constantFrom('*', 'W/"x"', '"', ',,,'),
    'accept-encoding': fc.constantFrom('gzip', 'br;q=2', 'identity;q=0'),
  },
  { requiredKeys: [] },
);

/** Headers that describe the body, some of them lying. */
const bodyHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'content-encoding': fc.constantFrom(
      'gzip',
      'deflate',
      'br',
      'identity',
      'x-unknown',
      'gzip, gzip',
    ),
    'content-length': fc.constantFrom('-1', 'abc', '0', '1', '99999999999', '1e3', ' 5'),
  },
  { requiredKeys: [] },
);

/** What goes after '?': repeated keys, numbers out of range, junk encodings. */
const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '?',
    '?&&&',
    '?page=1&page=2',
    '?page=-1',
    '?page=0',
    '?page=1e999',
    '?page=NaN',
    '?page=1.5',
    '?page=99999999999999999999',
    '?pageSize=-5&limit=1000000000',
    '?page[]=1',
    '?page[$gt]=1',
    '?__proto__[x]=1&constructor[prototype][y]=2',
    '?sort=;drop table users',
    '?search=%00',
    '?search=%ZZ',
    '?search=%',
    '?search=%E0%A4%A',
    '?search=%ED%A0%80', // an encoded lone surrogate
    '?days=-1',
    '?days=1e999',
    '?days=0x10',
    '?status=all&status=new',
    '?email=a%40b.c&email=d%40e.f&token=x',
    '?email=&token=',
    '?token[]=x',
    '?token=' + 'a'.repeat(5000),
    `?q=${'%41'.repeat(3000)}`,
  ),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'page',
          'pageSize',
          'limit',
          'offset',
          'search',
          'status',
          'sort',
          'order',
          'days',
          'token',
          'email',
          'cursor',
          'from',
          'to',
          'waitlistEntryId',
          'participantId',
        ),
        fc.oneof(
          fc.integer().map(String),
          fc.double().map(String),
          oddString,
          fc.constantFrom('-1', '0', '1e308', 'NaN', '', 'true', 'null'),
        ),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map(
      (pairs) =>
        `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`).join('&')}`,
    ),
);

/** Path parameters: UUID look-alikes, long, encoded slashes and dots, NUL. */
export function pathParam(real: string[] = []): fc.Arbitrary<string> {
  const junk = fc.oneof(
    fc.constantFrom(
      '00000000-0000-0000-0000-000000000000',
      '00000000-0000-4000-8000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
      '00000000-0000-0000-0000-0000000000000',
      '00000000000000000000000000000000',
      '{00000000-0000-0000-0000-000000000000}',
      'not-a-uuid',
      '1',
      '-1',
      '0',
      'null',
      'undefined',
      '%00',
      '%2e%2e',
      '..%2f..%2fetc%2fpasswd',
      '%2F',
      '%252F',
      '%',
      '%ZZ',
      '%ED%A0%80',
      '%E2%80%AE',
      '__proto__',
      'constructor',
      'a'.repeat(300),
      'a'.repeat(10_000),
      '0123456789abcdef',
      encodeURIComponent('😀'),
    ),
    fc.uuid().map(String),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)),
  );
  // The ids of real rows (when given) as often as junk, so requests reach past the lookup.
  return real.length ? fc.oneof(junk, fc.constantFrom(...real)) : junk;
}

/**
 * A request with a generated body for `method url`: a mutated valid body (most
 * often), a random tree, or raw bytes; under a content type that is usually
 * JSON and sometimes not; sometimes with lying body headers.
 */
export function bodyRequest(
  method: string,
  url: fc.Arbitrary<string>,
  valid: Record<string, unknown> | undefined,
  bodyLimit: number,
  baseHeaders: Record<string, string> = {},
  /** Fields of `valid` that take any text (names, messages): odd text is appended to them. */
  freeText: readonly string[] = [],
): fc.Arbitrary<GeneratedRequest> {
  const treeBody = fc
    .oneof(
      ...(valid ? [{ weight: 8, arbitrary: mutatedBody(valid, freeText) }] : []),
      { weight: 2, arbitrary: jsonNode },
      {
        weight: 1,
        arbitrary: fc
          .array(valid ? mutatedBody(valid, freeText) : jsonNode, { maxLength: 3 })
          .map((arr) => ({ arr })),
      },
    )
    .map((node) => ({ text: toJsonText(node), label: 'tree' }));
  const body = fc.oneof(
    { weight: 4, arbitrary: treeBody },
    { weight: 1, arbitrary: rawBodies(bodyLimit) },
  );
  return fc
    .tuple(
      url,
      queryString,
      body,
      fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: bodyHeaders }),
      fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
    )
    .map(([path, query, { text, label }, contentType, lying, extra]) => {
      const headers: Record<string, string> = {
        'user-agent': BROWSER_USER_AGENT,
        ...extra,
        ...lying,
        ...baseHeaders,
      };
      if (contentType !== undefined) headers['content-type'] = contentType;
      const size = typeof text === 'string' ? Buffer.byteLength(text) : text.length;
      return {
        method,
        url: `${path}${query}`,
        headers,
        payload: text,
        label: `${label} (${size} bytes) as ${contentType ?? 'no content type'}${Object.keys(lying).length ? `, ${JSON.stringify(lying)}` : ''}`,
      };
    });
}

/** A bodiless request (GET, HEAD, DELETE without body) with generated query and headers. */
export function queryRequest(
  method: string,
  url: fc.Arbitrary<string>,
  baseHeaders: Record<string, string> = {},
): fc.Arbitrary<GeneratedRequest> {
  return fc
    .tuple(
      url,
      queryString,
      fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
    )
    .map(([path, query, extra]) => ({
      method,
      url: `${path}${query}`,
      headers: { 'user-agent': BROWSER_USER_AGENT, ...extra, ...baseHeaders },
      label: 'query',
    }));
}

/** The body as text, decoded when the API compressed it (a request that accepted gzip or br). */
function responseText(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** The error contract: `{ message: string, type?: string, issues?: array }`, nothing else. */
function contractViolation(response: LightMyRequestResponse): string | undefined {
  const text = responseText(response);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `body is not JSON: ${text.slice(0, 200)}`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const { message, type, issues, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string') return 'message is not a string';
  if (type !== undefined && typeof type !== 'string') return 'type is not a string';
  if (issues !== undefined && !Array.isArray(issues)) return 'issues is not an array';
  if (Object.keys(rest).length) return `unexpected keys ${Object.keys(rest).join(', ')}`;
  if (/\n\s+at |\.ts:\d+|node_modules/.test(text)) return 'stack trace in body';
  if (
    /\b(select|insert into|update|delete from)\b .*\b(from|values|set|where)\b|violates|relation "|syntax error at|SQLSTATE|duplicate key value/i.test(
      message,
    )
  )
    return `SQL in message: ${message}`;
  return undefined;
}

/** Tables a public or admin write can add rows to. */
const COUNTED_TABLES = [
  'waitlist_entries',
  'contact_messages',
  'beta_feedback_responses',
  'beta_feedback_progress',
  'beta_participants',
  'users',
  'api_keys',
  'account_tokens',
  'email_outbox',
  'email_suppressions',
  'analytics_events',
  'audit_log',
  'sessions',
] as const;

/** Row counts of COUNTED_TABLES, in one round trip. */
async function countRows(ctx: TestContext): Promise<Record<string, number>> {
  // Aliased t0, t1, ...: the database's CamelCasePlugin would rename snake_case aliases.
  const selects = COUNTED_TABLES.map((table, i) => `(select count(*) from ${table})::int as t${i}`);
  const { rows } = await sql<Record<string, number>>`${sql.raw(
    `select ${selects.join(', ')}`,
  )}`.execute(ctx.database.db);
  const counts = Object.fromEntries(COUNTED_TABLES.map((table, i) => [table, rows[0]![`t${i}`]!]));
  if (Object.values(counts).some((count) => typeof count !== 'number'))
    throw new Error(`row counts unreadable: ${JSON.stringify(rows[0])}`);
  return counts;
}

/** Tables whose count changed, as 'table: before -> after'. */
function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return COUNTED_TABLES.filter((table) => before[table] !== after[table]).map(
    (table) => `${table}: ${before[table]} -> ${after[table]}`,
  );
}

/** fast-check settings: FC_SEED reproduces a failure (fast-check prints the seed and path). */
export function runOptions(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
  return { numRuns, ...(seed === undefined ? {} : { seed }), endOnFailure: true };
}

export interface RunStats {
  requests: number;
  byStatus: Map<number, number>;
}

/** The tally of one endpoint in `all`, made on first use. */
export function statsOf(all: Map<string, RunStats>, method: string, route: string): RunStats {
  const key = `${method} ${route}`;
  let stats = all.get(key);
  if (!stats) all.set(key, (stats = { requests: 0, byStatus: new Map() }));
  return stats;
}

/** One line per endpoint and a total: how many requests were sent, by status. */
export function describeStats(title: string, all: Map<string, RunStats>): string {
  const line = (stats: RunStats) =>
    `${stats.requests} (${[...stats.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')})`;
  const total: RunStats = { requests: 0, byStatus: new Map() };
  for (const stats of all.values()) {
    total.requests += stats.requests;
    for (const [status, n] of stats.byStatus)
      total.byStatus.set(status, (total.byStatus.get(status) ?? 0) + n);
  }
  return [
    `${title}: ${line(total)} generated requests`,
    ...[...all].map(([key, stats]) => `  ${key}: ${line(stats)}`),
  ].join('\n');
}

/**
 * Sends one generated request and checks the property: 2xx or 4xx (a 304 only
 * to a conditional GET), a refusal in the error contract, and no row left by it.
 */
export async function checkRequest(
  ctx: TestContext,
  request: GeneratedRequest,
  stats: RunStats,
  /** A route that answers with redirects (single sign-on): a 302 is allowed, only to a Location starting with this. */
  redirectsTo?: string,
): Promise<void> {
  const before = await countRows(ctx);
  const response = await ctx.app.inject({
    method: request.method as HTTPMethods,
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const status = response.statusCode;
  stats.requests += 1;
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  const where = `${request.method} ${request.url.slice(0, 200)} [${request.label}] -> ${status} ${responseText(response).slice(0, 300)}`;
  const notModified = status === 304 && request.headers['if-none-match'] !== undefined;
  const redirect = redirectsTo !== undefined && status === 302;
  const allowed =
    (status >= 200 && status < 300) || notModified || redirect || (status >= 400 && status < 500);
  expect(allowed, where).toBe(true);
  if (redirect) {
    // Never an open redirect: whatever was sent, only where the route may send a browser.
    expect(String(response.headers.location ?? '').startsWith(redirectsTo), where).toBe(true);
    expect(changedTables(before, await countRows(ctx)), where).toEqual([]);
  } else if (status >= 300) {
    if (request.method !== 'HEAD' && !notModified) {
      expect(contractViolation(response), where).toBeUndefined();
    }
    expect(changedTables(before, await countRows(ctx)), where).toEqual([]);
  }
}
