import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@repo/ui';
import { Building2, User, Users } from 'lucide-react';
import { CallToAction } from '~/components/marketing/call-to-action';
import { PageHero } from '~/components/marketing/page-hero';
import { Section } from '~/components/marketing/section';
import { WaitlistGetStartedCard } from '~/components/waitlist/get-started-card';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { PUBLIC_LAUNCH, SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Pricing',
    description: `${SITE_NAME} pricing is being finalised: tiered plans for individuals, teams and enterprises, with early-adopter pricing for everyone on the beta waitlist.`,
    path: '/pricing',
    siteUrl: siteUrlFrom(matches),
  });

// Spec section 1: pricing is not final, so the page describes the planned tiers without prices.
const PLANS = [
  {
    icon: User,
    name: 'Individual',
    audience: 'For freelancers, writers and creators',
    points: [
      'One brand voice profile',
      'SEO briefs and keyword research',
      'Personal content library',
    ],
  },
  {
    icon: Users,
    name: 'Team',
    audience: 'For marketing teams and agencies',
    points: [
      'Multiple brands and client workspaces',
      'Shared editorial calendar',
      'Review and approval flows',
    ],
  },
  {
    icon: Building2,
    name: 'Enterprise',
    audience: 'For organisations with many teams',
    points: [
      'Single sign-on and audit logs',
      'Custom integrations and API access',
      'Dedicated success manager',
    ],
  },
];

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple plans, announced at launch"
        description={`We are still shaping ${SITE_NAME} with our beta testers, so prices are not final yet. Everyone on the waitlist gets early-adopter pricing when we launch in ${PUBLIC_LAUNCH}.`}
      >
        <Button asChild size="lg">
          <Link to="/beta">Join Beta Waitlist</Link>
        </Button>
      </PageHero>
      <Section
        title="Plans we are planning"
        description="Three tiers, so you only pay for what your team needs."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <li key={plan.name}>
              <Card className="h-full">
                <CardHeader>
                  <plan.icon className="h-8 w-8 text-primary" aria-hidden="true" />
                  <CardTitle>{plan.name}</CardTitle>
                  <CardDescription>{plan.audience}</CardDescription>
                </CardHeader>
                <CardContent>
                  <p className="text-sm font-semibold text-foreground">
                    Pricing announced at launch
                  </p>
                  <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
                    {plan.points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="waitlist"
        muted
        title="Join the beta through the waitlist"
        description="Beta testers are invited from the waitlist in small groups."
      >
        <WaitlistGetStartedCard />
      </Section>
      <CallToAction
        title="Lock in early-adopter pricing"
        description="Waitlist members get the best price we will ever offer, and beta testers receive a Founder discount on top."
        secondary={{ to: '/contact', label: 'Ask about Enterprise' }}
      />
    </>
  );
}
