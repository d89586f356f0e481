import type { LoaderFunctionArgs } from '@remix-run/node';
import { siteStylesheet } from '~/utils/site-stylesheet.server';

/**
 * The rest of the site's stylesheet for a document (issue 32): the rules it left out,
 * which the inline loader adds after the first paint as /css/<name>
 * (REST_STYLESHEET_PATH, utils/held-scripts.tsx). The name
 * says which rules the document has, and the version of the sheet: the same name is
 * always the same file, cached for a year. A name of an earlier version (a page
 * loaded before a deploy) gets the whole sheet of this one, briefly cached.
 */
export const loader = ({ params }: LoaderFunctionArgs) => {
  const rest = siteStylesheet.rest(params.name ?? '');
  if (rest === undefined) {
    return new Response('No such stylesheet.\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(rest.css, {
    headers: {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': rest.current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    },
  });
};
