import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** A click that would follow a link in this tab (no modifier, no new window, no download). */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  return anchor;
}

/**
 * Asks before unsaved changes are left behind (issue 23): closing or reloading
 * the tab gets the browser's own question (beforeunload); a link of the console
 * is held while `pending` is set, for the page to ask in its own dialog, then
 * `leave` follows it or `stay` drops it. The console runs in a BrowserRouter,
 * which has no navigation blocker, so the links are caught as they are clicked
 * (the capture phase, before the router's own handler); the back button is not.
 */
export function useLeaveGuard(when: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 asks only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (leaving.current) return;
      const anchor = followedLink(event);
      if (!anchor) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const here = window.location;
      if (url.pathname === here.pathname && url.search === here.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  return {
    pending,
    stay: () => setPending(null),
    leave: () => {
      if (pending === null) return;
      leaving.current = true;
      setPending(null);
      navigate(pending);
    },
  };
}
