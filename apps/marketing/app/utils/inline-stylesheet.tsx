import { createContext, useContext } from 'react';

/**
 * The site's stylesheet travels inside each document (issue 22): a separate file
 * is one more round trip before the first paint on a slow link, and the whole
 * sheet is small (about 8 KB compressed). entry.server.tsx provides the CSS; in
 * the browser the element keeps what the server sent (React leaves the markup of
 * dangerouslySetInnerHTML alone when it hydrates), so no script carries it again.
 */
const StylesheetContext = createContext<string | undefined>(undefined);

export const StylesheetProvider = StylesheetContext.Provider;

let adopted: string | undefined;

export function InlineStylesheet() {
  const serverCss = useContext(StylesheetContext);
  if (serverCss === undefined && adopted === undefined && typeof document !== 'undefined') {
    adopted = document.getElementById('site-css')?.textContent ?? '';
  }
  return <style id="site-css" dangerouslySetInnerHTML={{ __html: serverCss ?? adopted ?? '' }} />;
}
