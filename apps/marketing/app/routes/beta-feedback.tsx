import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useSearchParams } from '@remix-run/react';
import { Button } from '@repo/ui';
import { CheckCircle2 } from 'lucide-react';
import { type MouseEvent, startTransition, Suspense, useCallback, useState } from 'react';
import { surveyAction } from '~/components/survey/survey-action.server';
import {
  SURVEY_ACTION,
  SURVEY_PAGE_FORM_ID,
  SURVEY_PAGE_FORM_QUERY,
  SURVEY_THANK_YOU,
} from '~/components/survey/survey-outcome';
import { PageHero } from '~/components/marketing/page-hero';
import { lazyComponent } from '~/utils/lazy-component';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

// The survey (with zod) is its own download, fetched as the page hydrates: the
// page is interactive first, and the dialog opens when its code has arrived.
const BetaFeedbackSurvey = lazyComponent(() =>
  import('~/components/survey/beta-feedback-survey').then((module) => module.BetaFeedbackSurvey),
);
// The one-page survey (issue 22) too: rendered on the server, downloaded only where shown.
const SurveyPageForm = lazyComponent(() =>
  import('~/components/survey/survey-page-form').then((module) => module.SurveyPageForm),
);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Beta feedback survey',
    description: `Beta testers: tell us how ${SITE_NAME} worked for you in nine short steps.`,
    path: '/beta-feedback',
    siteUrl: siteUrlFrom(matches),
    // A survey for admitted testers: useful to them, not to searchers.
    noIndex: true,
  });

/** The survey posts here, with JavaScript (the dialog's fetcher) or without (issue 22). */
export const action = surveyAction;

/** The action's answer is one visitor's: never cached (its own headers say so). */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('cache-control') ? actionHeaders : loaderHeaders;

export default function BetaFeedbackPage() {
  const serverResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const unsent = serverResult && serverResult.outcome !== 'sent' ? serverResult : undefined;
  // Without JavaScript: the survey on the page, asked for by the button or answered by the action.
  const pageForm =
    searchParams.get(SURVEY_PAGE_FORM_QUERY.name) === SURVEY_PAGE_FORM_QUERY.value ||
    unsent !== undefined;
  // Spec section 2: the page opens straight into the survey. Issue 32: as soon as the
  // survey's code has mounted, in a transition: React renders the survey in slices
  // between which the browser can answer the visitor. Open in the first render, it
  // came in one block with the hydration's re-render of the modal (about 90 ms with
  // the CPU slowed down 4×, the page's longest task).
  const [open, setOpen] = useState(false);
  const opensAtOnce = !pageForm && !serverResult;
  const openOnMount = useCallback(() => {
    if (opensAtOnce) startTransition(() => setOpen(true));
  }, [opensAtOnce]);

  if (serverResult?.outcome === 'sent') {
    // Sent without JavaScript: the dialog's thank-you screen, as the page.
    return (
      <PageHero
        eyebrow="Beta feedback"
        title={
          <>
            <CheckCircle2
              className="mx-auto mb-4 block h-16 w-16 text-success"
              aria-hidden="true"
            />
            {SURVEY_THANK_YOU.title}
          </>
        }
        description={SURVEY_THANK_YOU.description}
      >
        <Button asChild size="lg">
          <Link to="/">Back to Homepage</Link>
        </Button>
      </PageHero>
    );
  }

  function openSurvey(event: MouseEvent) {
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <PageHero
        eyebrow="Beta feedback"
        title={`Thank you for testing ${SITE_NAME}`}
        description="Your feedback shapes what we build next. If you closed the survey before finishing, you can pick it up again at any time."
      >
        {pageForm ? null : (
          // Before JavaScript runs (or without it) the button asks for the survey on the page.
          <form method="get" action={`${SURVEY_ACTION}#${SURVEY_PAGE_FORM_ID}`}>
            <input
              type="hidden"
              name={SURVEY_PAGE_FORM_QUERY.name}
              value={SURVEY_PAGE_FORM_QUERY.value}
            />
            <Button type="submit" size="lg" onClick={openSurvey}>
              Open the Survey
            </Button>
          </form>
        )}
        <Button asChild size="lg" variant="outline">
          <Link to="/">Back to Homepage</Link>
        </Button>
      </PageHero>
      {pageForm ? (
        <Suspense fallback={null}>
          <SurveyPageForm result={unsent} />
        </Suspense>
      ) : (
        <Suspense fallback={null}>
          <BetaFeedbackSurvey open={open} onOpenChange={setOpen} onMounted={openOnMount} />
        </Suspense>
      )}
    </>
  );
}
