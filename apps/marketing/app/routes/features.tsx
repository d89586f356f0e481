import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@repo/ui';
import { BarChart3, CalendarDays, Check, Languages, Palette, Plug, Users } from 'lucide-react';
import { CallToAction } from '~/components/marketing/call-to-action';
import { PageHero } from '~/components/marketing/page-hero';
import { Roadmap } from '~/components/marketing/roadmap';
import { ScreenshotButton } from '~/components/marketing/screenshot-button';
import { Section } from '~/components/marketing/section';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Features: SEO intelligence, brand-aware AI writing and a Content Hub',
    description: `Explore ${SITE_NAME}: an SEO Intelligence Engine, a Brand-Aware AI Writing Assistant and a Content Hub, plus analytics, multilingual drafts, an editorial calendar and integrations.`,
    path: '/features',
    siteUrl: siteUrlFrom(matches),
  });

const CORE_FEATURES = [
  {
    id: 'seo-intelligence-engine',
    title: 'SEO Intelligence Engine',
    summary: `Know what to write before you write it. ${SITE_NAME} finds the questions your audience asks, groups keywords by search intent and scores every draft against the pages that already rank.`,
    points: [
      'Keyword clusters by intent',
      'Live content score while you edit',
      'Internal-link suggestions from your own library',
    ],
    image: '/images/features/seo-intelligence-engine.svg',
    alt: 'The SEO Intelligence Engine listing keyword opportunities with a content score of 87',
  },
  {
    id: 'brand-aware-writing-assistant',
    title: 'Brand-Aware AI Writing Assistant',
    summary: `Drafts that sound like you on the first try. Teach ${SITE_NAME} your tone, vocabulary and examples once, and every outline, article and email follows them.`,
    points: [
      'Voice profiles per brand or client',
      'Rewrites that keep your terminology',
      'Inline suggestions you accept or ignore',
    ],
    image: '/images/features/brand-aware-writing-assistant.svg',
    alt: 'The writing assistant editing a draft, with brand voice suggestions in a side panel',
  },
  {
    id: 'content-hub',
    title: 'Content Hub',
    summary:
      'One library for everything you publish. Blog posts, social posts, emails and video scripts live side by side, tagged, searchable and ready to reuse.',
    points: [
      'Folders, tags and status labels',
      'Repurpose one piece into many formats',
      'Version history for every draft',
    ],
    image: '/images/features/content-hub.svg',
    alt: 'The Content Hub showing content cards organised in a grid with coloured status labels',
  },
];

const MORE_FEATURES = [
  {
    icon: Palette,
    title: 'Brand Guidelines Integration',
    body: `Upload your style guide and banned-words list; ${SITE_NAME} checks every draft against them.`,
  },
  {
    icon: BarChart3,
    title: 'Performance Analytics',
    body: 'See which pieces bring traffic and sign-ups, and get suggestions for what to refresh next.',
  },
  {
    icon: Languages,
    title: 'Multilingual Support',
    body: 'Draft and adapt content in more than 25 languages, with local keyword research for each market.',
  },
  {
    icon: CalendarDays,
    title: 'Editorial Calendar',
    body: 'Plan campaigns across channels, set deadlines and watch drafts move from idea to published.',
  },
  {
    icon: Users,
    title: 'Collaboration Tools',
    body: 'Comment, suggest and approve in one place, with roles for writers, editors and clients.',
  },
  {
    icon: Plug,
    title: 'Integrations',
    body: 'Publish to WordPress, Webflow and HubSpot, and pull data from Google Search Console.',
  },
];

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Everything you need to go from idea to ranking content"
        description={`${SITE_NAME} combines search data, your brand voice and a shared library, so every piece you publish is on-brand, optimised and easy to reuse.`}
      >
        <Button asChild size="lg">
          <Link to="/beta">Join Beta Waitlist</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href="#roadmap">See the Roadmap</a>
        </Button>
      </PageHero>

      <Section
        id="core-features"
        title="Three core features"
        description="Click a screenshot to see it full screen."
      >
        <div className="space-y-20">
          {CORE_FEATURES.map((feature, index) => (
            <article
              key={feature.id}
              data-feature-id={feature.id}
              className="grid items-center gap-10 lg:grid-cols-2"
            >
              <div className={index % 2 === 1 ? 'lg:order-2' : undefined}>
                <h3 className="text-2xl font-bold tracking-tight">{feature.title}</h3>
                <p className="mt-4 text-lg text-muted-foreground">{feature.summary}</p>
                <ul className="mt-6 space-y-3">
                  {feature.points.map((point) => (
                    <li key={point} className="flex items-start gap-3">
                      <Check className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </div>
              <ScreenshotButton
                src={feature.image}
                alt={feature.alt}
                width={1200}
                height={750}
                caption={feature.title}
              />
            </article>
          ))}
        </div>
      </Section>

      <Section
        id="more-features"
        muted
        title={`Six more ways ${SITE_NAME} helps`}
        description="The details that make a content team faster."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {MORE_FEATURES.map((feature) => (
            <li
              key={feature.title}
              data-feature-id={feature.title.toLowerCase().replace(/\s+/g, '-')}
            >
              <Card className="h-full">
                <CardHeader>
                  <feature.icon className="h-8 w-8 text-primary" aria-hidden="true" />
                  <CardTitle className="text-lg">{feature.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-muted-foreground">{feature.body}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Roadmap />
      <CallToAction />
    </>
  );
}
