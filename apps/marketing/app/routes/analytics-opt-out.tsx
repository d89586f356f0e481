import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import {
  isBrowserMarked,
  setAnalyticsOptOut,
  suppressPageAnalytics,
} from '@repo/analytics/opt-out';
import { Button } from '@repo/ui';
import {
  ANALYTICS_OPT_OUT_ACTIONS,
  ANALYTICS_OPT_OUT_MESSAGE,
  type AnalyticsOptOutAction,
  type AnalyticsOptOutMessage,
} from '@repo/validation';
import { useEffect, useState } from 'react';
import { PageHero } from '~/components/marketing/page-hero';
import { env } from '~/env.server';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

/**
 * Staff are kept out of the site's analytics (issue 12). The console loads this
 * page in a hidden frame when staff sign in (?action=exclude), to undo it
 * (?action=include) or to ask (?action=status); the page sets the tracker's flag
 * in this site's storage and tells the console the outcome by postMessage, to the
 * console's origin only. Framing is allowed to that origin alone (see
 * `handle.framedByConsole` and entry.server.tsx). Opened directly, it shows the
 * state with a button, for a console on a site whose frames get separate storage.
 */
export const handle = { framedByConsole: true };

export const loader = () => ({ consoleOrigin: new URL(env.ADMIN_URL).origin });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Site analytics for this browser',
    description: `Whether this browser is counted in the site analytics of ${SITE_NAME}.`,
    path: '/analytics-opt-out',
    siteUrl: siteUrlFrom(matches),
    noIndex: true,
  });

function actionOf(search: string): AnalyticsOptOutAction {
  const asked = new URLSearchParams(search).get('action');
  return ANALYTICS_OPT_OUT_ACTIONS.find((action) => action === asked) ?? 'status';
}

export default function AnalyticsOptOutPage() {
  const { consoleOrigin } = useLoaderData<typeof loader>();
  // Unknown until the browser's storage has been read.
  const [excluded, setExcluded] = useState<boolean | null>(null);

  useEffect(() => {
    // Before the tracker loads (it starts after this effect): this page is never counted.
    suppressPageAnalytics();
    const action = actionOf(window.location.search);
    const state =
      action === 'status' ? isBrowserMarked() : setAnalyticsOptOut(action === 'exclude');
    setExcluded(state);
    if (window.parent !== window) {
      const message: AnalyticsOptOutMessage = { type: ANALYTICS_OPT_OUT_MESSAGE, excluded: state };
      window.parent.postMessage(message, consoleOrigin);
    }
  }, [consoleOrigin]);

  const description =
    excluded === null
      ? 'Checking this browser…'
      : excluded
        ? 'This browser is excluded: nothing done on this site from it is counted in the analytics. Staff browsers are marked when they sign in to the console.'
        : 'This browser is counted in the site analytics, like any visitor’s (unless it sends Do Not Track or Global Privacy Control).';

  return (
    <PageHero
      eyebrow="Site analytics"
      title="Site analytics for this browser"
      description={description}
    >
      {excluded === null ? null : (
        <Button
          size="lg"
          variant="outline"
          onClick={() => setExcluded(setAnalyticsOptOut(!excluded))}
        >
          {excluded ? 'Count this browser again' : 'Exclude this browser'}
        </Button>
      )}
    </PageHero>
  );
}
