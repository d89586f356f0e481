import { Scripts, ScrollRestoration } from '@remix-run/react';
import { createContext, isValidElement, type ReactNode, useContext } from 'react';

/**
 * Issue 31: the page's policy names the hashes of the inline scripts the app itself
 * emits, taken from the elements that emit them while the page renders, never from the
 * finished HTML: a <script> that an HTML-injection bug put anywhere else in the page (a
 * post's body, an attribute) is then not named, and the browser refuses it. The server
 * provides a recorder (entry.server.tsx); in the browser there is none and nothing is
 * recorded.
 */
const InlineScriptRecorder = createContext<((text: string) => void) | undefined>(undefined);

export const InlineScriptRecorderProvider = InlineScriptRecorder.Provider;

/** The recorder of this render, for a component that renders an inline script of its own. */
export function useInlineScriptRecorder(): ((text: string) => void) | undefined {
  return useContext(InlineScriptRecorder);
}

interface ScriptProps {
  src?: unknown;
  dangerouslySetInnerHTML?: { __html?: unknown };
  children?: ReactNode;
}

/** Records the text of every inline <script> element in a rendered tree (elements, fragments, arrays). */
function recordInlineScripts(node: ReactNode, record: (text: string) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) recordInlineScripts(child as ReactNode, record);
    return;
  }
  if (!isValidElement<ScriptProps>(node)) return;
  const { props } = node;
  if (node.type === 'script') {
    const text = props.dangerouslySetInnerHTML?.__html;
    if (props.src === undefined && typeof text === 'string') record(text);
    return;
  }
  recordInlineScripts(props.children, record);
}

/**
 * Remix's <Scripts>, whose inline scripts (the serialised context, the module script
 * that imports the routes) are recorded as it returns them. It is called as a function
 * so that its elements can be read before React renders them; its hooks are this
 * component's, always in the same order.
 */
export function OwnScripts() {
  const record = useInlineScriptRecorder();
  const element = Scripts({});
  if (record) recordInlineScripts(element, record);
  return element;
}

/** Remix's <ScrollRestoration>, its inline script recorded the same way. */
export function OwnScrollRestoration() {
  const record = useInlineScriptRecorder();
  const element = ScrollRestoration({});
  if (record) recordInlineScripts(element, record);
  return element;
}
