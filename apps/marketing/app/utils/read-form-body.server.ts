import { env } from '~/env.server';

export type FormBody =
  | { kind: 'form'; form: FormData }
  /** Larger than BODY_LIMIT_BYTES: refused, the rest never read. */
  | { kind: 'too-large' }
  /** Not a form encoding, or not decodable: read as a form with no fields. */
  | { kind: 'unreadable' };

/**
 * A Remix action's form fields, never reading more than BODY_LIMIT_BYTES (the API's
 * limit, the /api proxy's too): `request.formData()` would read any size. A declared
 * Content-Length over the limit is refused before a byte is read, a chunked body as
 * soon as it passes it (issue 22: forms that post to the site's own actions).
 */
export async function readFormBody(
  request: Request,
  limit: number = env.BODY_LIMIT_BYTES,
): Promise<FormBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return { kind: 'too-large' };
  // Read (up to the limit) whatever its type, so that no unread rest stays on the connection.
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        // Stop reading without cancelling: that would destroy the socket before the answer.
        reader.releaseLock();
        return { kind: 'too-large' };
      }
      chunks.push(value);
    }
  }
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType)) {
    return { kind: 'unreadable' };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    const form = await new Response(bytes, {
      headers: { 'content-type': contentType },
    }).formData();
    return { kind: 'form', form };
  } catch {
    // A multipart body without its boundary, say: nothing in it counts.
    return { kind: 'unreadable' };
  }
}

/**
 * The field's text: '' when it is missing or a file (a form never sends one here). A
 * browser's form sends a textarea's line breaks as CRLF; they are kept as LF, as the
 * same text typed with JavaScript on is.
 */
export function textField(form: FormData | undefined, name: string): string {
  const value = form?.get(name);
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : '';
}
