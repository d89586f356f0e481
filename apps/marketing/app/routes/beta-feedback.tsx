import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Button } from '@repo/ui';
import { Suspense, useState } from 'react';
import { PageHero } from '~/components/marketing/page-hero';
import { lazyComponent } from '~/utils/lazy-component';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

// The survey (with zod) is its own download, fetched as the page hydrates: the
// page is interactive first, and the dialog opens when its code has arrived.
const BetaFeedbackSurvey = lazyComponent(() =>
  import('~/components/survey/beta-feedback-survey').then((module) => module.BetaFeedbackSurvey),
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

export default function BetaFeedbackPage() {
  // Spec section 2: the page opens straight into the survey.
  const [open, setOpen] = useState(true);
  return (
    <>
      <PageHero
        eyebrow="Beta feedback"
        title={`Thank you for testing ${SITE_NAME}`}
        description="Your feedback shapes what we build next. If you closed the survey before finishing, you can pick it up again at any time."
      >
        <Button size="lg" onClick={() => setOpen(true)}>
          Open the Survey
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">Back to Homepage</Link>
        </Button>
      </PageHero>
      <Suspense fallback={null}>
        <BetaFeedbackSurvey open={open} onOpenChange={setOpen} />
      </Suspense>
    </>
  );
}
