import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { Button } from '@repo/ui';
import { BETA_CAP } from '@repo/validation';
import { Users } from 'lucide-react';
import {
  type ComponentProps,
  type ComponentType,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { faqJsonLd } from '~/components/beta/beta-faq';
import {
  BestPractices,
  BetaFlow,
  BetaTimeline,
  WaitlistBenefits,
  WhatWeExpect,
  WhyJoin,
} from '~/components/beta/beta-sections';
import { Section } from '~/components/marketing/section';
import { waitlistAction } from '~/components/waitlist/waitlist-action.server';
import type { WaitlistActionData } from '~/components/waitlist/waitlist-submission';
import { hydrateAllNow, whenNear } from '~/utils/hydrate-when-near';
import { lazyComponent } from '~/utils/lazy-component';
import { jsonLd, pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

const JOIN_ID = 'join';
/** The id of the FAQ's section (beta-faq-accordion.tsx). */
const FAQ_ID = 'faq';

// The wizard (with zod) is its own download: rendered on the server, it is fetched and
// hydrated when the visitor comes near the form (issue 32: not with the page, where
// its code was most of /beta's main-thread work). The overlay's code loads on the
// first click (or hover) of 'Apply for Beta Access'.
const WaitlistWizard = lazyComponent(() =>
  whenNear(JOIN_ID)
    .then(() => import('~/components/waitlist/waitlist-wizard'))
    .then((module) => module.WaitlistWizard),
);
const LazyWaitlistOverlay = lazyComponent(() =>
  import('~/components/waitlist/waitlist-overlay').then((module) => module.WaitlistOverlay),
);
type Overlay = ComponentType<ComponentProps<typeof LazyWaitlistOverlay>>;
// Issue 22 (INP): React 18's lazy component suspends on its first render even when
// its code has arrived, so the click that opened the overlay painted nothing and the
// dialog came frames later (about 400 ms with the CPU slowed down 4 times). Once the
// hover, focus or press has loaded it, the overlay is rendered directly instead.
let loadedOverlay: Overlay | undefined;
const preloadOverlay = () => {
  // The overlay holds the wizard too: the inline one and the FAQ need not wait any longer.
  hydrateAllNow();
  void LazyWaitlistOverlay.preload().then((module) => {
    loadedOverlay = module.default;
  });
};
// The FAQ, far down the page, is rendered on the server and hydrated when the visitor
// comes near it, as the wizard is (issue 13: not among the files fetched before the
// first paint; issue 32: nor run while the page hydrates). One element for the
// page's life, for the reason given in BetaPage for the wizard's.
const BetaFaq = lazyComponent(() =>
  whenNear(FAQ_ID)
    .then(() => import('~/components/beta/beta-faq-accordion'))
    .then((module) => module.BetaFaq),
);
const betaFaq = (
  <Suspense fallback={null}>
    <BetaFaq />
  </Suspense>
);
// Issue 22 (INP): the page's static sections, one element for the page's life, so
// that opening the overlay (state of BetaPage) does not render them again.
const betaSections = (
  <>
    <WaitlistBenefits />
    <WhyJoin />
    <WhatWeExpect />
    <BetaFlow />
    <BetaTimeline />
    <BestPractices />
  </>
);

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: `Join the ${SITE_NAME} beta waitlist`,
    description: `Apply for the ${SITE_NAME} closed beta, limited to ${BETA_CAP} testers: early access, weekly sessions with the builders, a lifetime Founder badge and early-adopter pricing.`,
    path: '/beta',
    siteUrl: siteUrlFrom(matches),
  }),
  jsonLd(faqJsonLd()),
];

/** Issue 22: the waitlist form posts here, with JavaScript (useFetcher) or without. */
export const action = (args: ActionFunctionArgs) => waitlistAction(args);

export default function BetaPage() {
  // The answer to the form posted without JavaScript (a fetcher's answer is its own).
  const result = useActionData<WaitlistActionData>();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  // Mounted from the first opening on (it renders nothing while closed); the component
  // chosen then (the loaded one, or the lazy one if its code has not arrived) stays, as
  // another would mount a new overlay and lose what was typed.
  const [MountedOverlay, setMountedOverlay] = useState<Overlay>();
  // Issue 22: 'Apply for Beta Access' is a link to the form (#join), which works
  // without JavaScript; with it, the click opens the overlay instead.
  const openOverlay = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    hydrateAllNow();
    setMountedOverlay(
      (mounted: Overlay | undefined) => mounted ?? loadedOverlay ?? LazyWaitlistOverlay,
    );
    setOverlayOpen(true);
  };
  // One element for the page's life: opening the overlay re-renders this page, and a
  // new element would reach the wizard's Suspense boundary as an update. Clicked
  // before the wizard's code has arrived (the boundary still dehydrated), that threw
  // away its server HTML and rendered it again on the client (React error 421).
  const inlineWizardElement = useMemo(
    () => (
      <Suspense fallback={null}>
        <WaitlistWizard variant="inline" result={result} />
      </Suspense>
    ),
    [result],
  );
  const applyButton = (id: string, variant?: 'secondary') => (
    <Button asChild size="lg" variant={variant}>
      {/* Once the script runs it opens a dialog: a button then, which Space presses too. */}
      <a
        href="#join"
        role={scripted ? 'button' : undefined}
        onClick={openOverlay}
        onKeyDown={(event) => {
          if (event.key === ' ') openOverlay(event);
        }}
        onPointerEnter={preloadOverlay}
        onPointerDown={preloadOverlay}
        onFocus={preloadOverlay}
        data-analytics-id={id}
      >
        Apply for Beta Access
      </a>
    </Button>
  );

  return (
    <>
      <section className="border-b bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-background px-3 py-1 text-sm font-semibold text-primary">
            <Users className="h-4 w-4" aria-hidden="true" />
            Limited to {BETA_CAP} Beta Testers
          </p>
          <h1 className="mt-6 text-balance text-4xl font-bold tracking-tight sm:text-5xl">
            Help shape the future of AI content creation
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Join the {SITE_NAME} closed beta: create real content with the product before anyone
            else, talk to the people building it every week, and keep Founder perks for life.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {applyButton('beta-hero-apply')}
            <Button asChild size="lg" variant="outline">
              {/* Issue 32: on its way to the form, the wizard's code starts loading. */}
              <a
                href="#join"
                onPointerEnter={hydrateAllNow}
                onPointerDown={hydrateAllNow}
                onFocus={hydrateAllNow}
              >
                Join the Waitlist
              </a>
            </Button>
          </div>
        </div>
      </section>

      {betaSections}

      <Section
        id={JOIN_ID}
        title="Join the waitlist"
        description="Seven quick questions. We read every answer."
      >
        <div className="mx-auto max-w-xl rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          {inlineWizardElement}
        </div>
      </Section>

      {betaFaq}

      <section aria-labelledby="apply-heading" className="px-4 pb-20 sm:px-6">
        <div className="mx-auto max-w-4xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground">
          <h2 id="apply-heading" className="text-3xl font-bold tracking-tight">
            Ready to build {SITE_NAME} with us?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-indigo-100">
            Places are limited to {BETA_CAP} testers and fill in the order applications arrive.
          </p>
          <div className="mt-8">{applyButton('beta-footer-apply', 'secondary')}</div>
        </div>
      </section>

      {MountedOverlay ? (
        <Suspense fallback={null}>
          <MountedOverlay open={overlayOpen} onOpenChange={setOverlayOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
