import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../errors';
import { suppressEmail } from '../../../email/suppressions-repository';
import { verifyUnsubscribeToken } from '../../../email/unsubscribe-token';

const unsubscribeQuerySchema = z.object({
  email: z.string().trim().min(3).max(254),
  token: z.string().trim().min(1).max(200),
});

const INVALID_LINK = 'This unsubscribe link is invalid or incomplete';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function confirmationPage(email: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribed from Wordloom emails</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style>
</head>
<body>
<h1>You're unsubscribed</h1>
<p>${escapeHtml(email)} will no longer receive Wordloom announcements.</p>
<p>Emails you ask for, such as a beta invitation, still reach you.</p>
</body>
</html>`;
}

/** Public opt-out endpoint for the link in every bulk email. */
export default async function emailRoutes(fastify: FastifyInstance) {
  const { config, db } = fastify;

  /** Validates the signed link and records the opt-out (idempotent). */
  async function unsubscribe(query: unknown): Promise<string> {
    const result = unsubscribeQuerySchema.safeParse(query ?? {});
    if (!result.success) throw badRequest(INVALID_LINK, 'invalid_unsubscribe_link');
    const { email, token } = result.data;
    if (!verifyUnsubscribeToken(config.UNSUBSCRIBE_SECRET, email, token)) {
      throw badRequest(INVALID_LINK, 'invalid_unsubscribe_link');
    }
    await suppressEmail(db, email, 'unsubscribed');
    return email.toLowerCase();
  }

  function page(reply: FastifyReply, email: string) {
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(confirmationPage(email));
  }

  // Scoped to this plugin: RFC 8058 one-click posts `List-Unsubscribe=One-Click` as a form.
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

  // No automatic HEAD route: a link checker's HEAD must not unsubscribe anyone.
  fastify.get('/email/unsubscribe', { exposeHeadRoute: false }, async (request, reply) =>
    page(reply, await unsubscribe(request.query)),
  );

  // One-click from the mail client: the address and token ride in the URL of List-Unsubscribe.
  fastify.post('/email/unsubscribe', async (request, reply) => {
    const email = await unsubscribe(request.query);
    return reply.status(200).send({ message: `${email} is unsubscribed` });
  });
}
