import { isAnalyticsOptOutMessage } from '@repo/validation';
import { useEffect, useRef } from 'react';
import { reportStaffExclusion, useStaffExclusion } from './staff-exclusion-store';
import { useOptOutPage } from './use-opt-out-page';

/** After the page loaded, how long its answer may take before the site counts as unreachable. */
const ANSWER_WAIT_MS = 5_000;

/**
 * A hidden frame of the public site's analytics opt-out page (issue 12), loaded
 * when the console opens after sign-in: the page marks this browser in the
 * site's own storage (so the site's tracker sends nothing from it) and posts the
 * outcome to this window. Only messages from that frame and the site's origin
 * count. The console's CSP names the site in frame-src; the page lets this
 * origin alone frame it (frame-ancestors).
 */
export function StaffExclusionFrame() {
  const page = useOptOutPage();
  const { request, attempt } = useStaffExclusion();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const answered = useRef(false);
  const origin = page.data?.origin;

  useEffect(() => {
    if (page.isError) reportStaffExclusion('unreachable');
  }, [page.isError]);

  useEffect(() => {
    if (!origin) return;
    answered.current = false;
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin || event.source !== frameRef.current?.contentWindow) return;
      if (!isAnalyticsOptOutMessage(event.data)) return;
      answered.current = true;
      reportStaffExclusion(event.data.excluded ? 'excluded' : 'counted');
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, attempt]);

  useEffect(() => {
    if (!origin) return;
    const frame = frameRef.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's load fires for an error page too (site down, frame refused): wait for the answer.
    const onLoad = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!answered.current) reportStaffExclusion('unreachable');
      }, ANSWER_WAIT_MS);
    };
    frame?.addEventListener('load', onLoad);
    return () => {
      clearTimeout(timer);
      frame?.removeEventListener('load', onLoad);
    };
  }, [origin, attempt]);

  if (!page.data) return null;
  const src = new URL(page.data.url);
  src.searchParams.set('action', request);
  return (
    <iframe
      key={attempt}
      ref={frameRef}
      src={src.href}
      title="Site analytics opt-out"
      aria-hidden="true"
      tabIndex={-1}
      className="hidden"
      // Scripts and its own storage only: no navigation of this window, no pop-ups, no forms.
      sandbox="allow-scripts allow-same-origin"
    />
  );
}
