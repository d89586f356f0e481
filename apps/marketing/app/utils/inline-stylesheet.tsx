import { createContext, useContext } from 'react';

/**
 * The site's stylesheet travels inside each document (issue 22): a separate file
 * is one more round trip before the first paint on a slow link. entry.server.tsx
 * provides the document's rules and the name of the rest of the sheet (issue 32,
 * critical-css.server.ts), which the inline loader reads from `data-rest`; in the
 * browser the element keeps what the server sent (React leaves the markup of
 * dangerouslySetInnerHTML alone when it hydrates), so no script carries it again.
 */
const StylesheetContext = createContext<{ css: string; rest?: string } | undefined>(undefined);

export const StylesheetProvider = StylesheetContext.Provider;

let adopted: { css: string; rest?: string } | undefined;

export function InlineStylesheet() {
  const server = useContext(StylesheetContext);
  if (server === undefined && adopted === undefined && typeof document !== 'undefined') {
    const element = document.getElementById('site-css');
    adopted = {
      css: element?.textContent ?? '',
      rest: element?.getAttribute('data-rest') ?? undefined,
    };
  }
  const { css, rest } = server ?? adopted ?? { css: '' };
  return <style id="site-css" data-rest={rest} dangerouslySetInnerHTML={{ __html: css }} />;
}
