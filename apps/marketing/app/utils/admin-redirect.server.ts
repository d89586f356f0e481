import { redirect } from '@remix-run/node';
import { env } from '~/env.server';

/** /auth and /admin belong to the admin console, which runs on its own origin. */
export function redirectToAdmin(request: Request): Response {
  const url = new URL(request.url);
  return redirect(new URL(`${url.pathname}${url.search}`, env.ADMIN_URL).href, 302);
}
