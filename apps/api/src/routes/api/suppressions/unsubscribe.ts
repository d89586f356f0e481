import { createHash } from 'node:crypto';
import {
  htmlPageSchema,
  unsubscribedResponseSchema,
  unsubscribeQuerySchema,
} from '@repo/validation';
import type { FastifyReply } from 'fastify';
import { badRequest } from '../../../errors';
import { suppressEmail } from '../../../suppressions/suppressions-repository';
import { verifyUnsubscribeToken } from '../../../email/unsubscribe-token';
import { type ApiInstance, errorResponses, zodValidatorCompiler } from '../../../route-schemas';

const INVALID_LINK = 'This unsubscribe link is invalid or incomplete';
const invalidLink = () => badRequest(INVALID_LINK, 'invalid_unsubscribe_link');
const SITE_NAME = 'Wordloom';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}' +
  'button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#4f46e5;color:#fff;cursor:pointer}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/**
 * Nothing loads, nothing frames the page, and the form may post only back here:
 * the page shows an address and carries a token.
 */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** 'a***@example.com': enough for the owner to recognise, little for anyone else. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** GET: asks first, so that a link scanner following the link unsubscribes nobody. */
function confirmationPage(email: string, token: string): string {
  const action = `/api/email/unsubscribe?${new URLSearchParams({ email, token }).toString()}`;
  return page(
    `Unsubscribe from ${SITE_NAME} emails`,
    `<h1>Unsubscribe from ${SITE_NAME} emails?</h1>
<p>${escapeHtml(maskEmail(email))} will no longer receive ${SITE_NAME} announcements.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

function unsubscribedPage(email: string): string {
  return page(
    `Unsubscribed from ${SITE_NAME} emails`,
    `<h1>You're unsubscribed</h1>
<p>${escapeHtml(maskEmail(email))} will no longer receive ${SITE_NAME} announcements.</p>
<p>Emails you ask for, such as a beta invitation, still reach you.</p>`,
  );
}

/** Public opt-out endpoint for the link in every bulk email. */
export default async function unsubscribeRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;

  /** The signed link's address and token; the confirmation form posts to the same URL. */
  function signedLink(query: { email: string; token: string }) {
    const { email, token } = query;
    if (!verifyUnsubscribeToken(config.UNSUBSCRIBE_SECRET, email, token)) throw invalidLink();
    return { email: email.toLowerCase(), token };
  }

  /**
   * The link's query, from a mail: an incomplete one is one message, without field
   * issues. The body of the POST (a form or a one-click post) says nothing we need,
   * so it has no schema. The answers are pages, or JSON for a mail client.
   */
  const linkSchema = {
    querystring: unsubscribeQuerySchema,
  };
  const validatorCompiler = zodValidatorCompiler(() => invalidLink());
  const page200 = {
    description: 'A page for the browser',
    content: { 'text/html': { schema: htmlPageSchema } },
  };

  function sendPage(reply: FastifyReply, html: string) {
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', PAGE_CSP)
      .send(html);
  }

  // Scoped to this plugin: RFC 8058 one-click posts `List-Unsubscribe=One-Click` as a form,
  // and the confirmation page's button posts its form the same way.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // Some clients post one-click unsubscribes as multipart; the body says nothing we need.
  fastify.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  // Only shows the question; no automatic HEAD route either.
  fastify.get(
    '/email/unsubscribe',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Show the unsubscribe confirmation page',
        ...linkSchema,
        produces: ['text/html'],
        response: { 200: page200, ...errorResponses(400) },
      },
      validatorCompiler,
    },
    async (request, reply) => {
      const { email, token } = signedLink(request.query);
      return sendPage(reply, confirmationPage(email, token));
    },
  );

  // The page's button (a browser wants a page back) and the one-click POST of a mail client.
  fastify.post(
    '/email/unsubscribe',
    {
      schema: {
        operationId: 'emailUnsubscribeConfirm',
        summary: 'Unsubscribe from bulk email',
        ...linkSchema,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        response: {
          200: {
            description: 'A page when the client accepts text/html, else JSON',
            content: {
              'text/html': { schema: htmlPageSchema },
              'application/json': { schema: unsubscribedResponseSchema },
            },
          },
          ...errorResponses(400),
        },
      },
      validatorCompiler,
    },
    async (request, reply) => {
      const { email } = signedLink(request.query);
      await suppressEmail(db, email, {
        stream: 'broadcast',
        reason: 'unsubscribed',
        origin: 'unsubscribe',
      });
      if (request.headers.accept?.includes('text/html')) {
        return sendPage(reply, unsubscribedPage(email));
      }
      return reply
        .header('cache-control', 'no-store')
        .status(200)
        .send({ message: `${email} is unsubscribed` });
    },
  );
}
