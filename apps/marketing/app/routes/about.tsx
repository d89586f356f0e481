import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@repo/ui';
import { Compass, HeartHandshake, ShieldCheck, Sparkles } from 'lucide-react';
import { PageHero } from '~/components/marketing/page-hero';
import { Section } from '~/components/marketing/section';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { FOUNDED_YEAR, PUBLIC_LAUNCH, SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `About ${SITE_NAME}: our mission, story and values`,
    description: `${SITE_NAME} was founded in ${FOUNDED_YEAR} to help every creator publish content that is useful, findable and unmistakably theirs. Read our story, values, careers and legal information.`,
    path: '/about',
    siteUrl: siteUrlFrom(matches),
  });

const VALUES = [
  {
    icon: Sparkles,
    title: 'Creator Empowerment',
    body: `AI should amplify your ideas, not replace them. You stay the author; ${SITE_NAME} does the heavy lifting.`,
  },
  {
    icon: ShieldCheck,
    title: 'Responsible Innovation',
    body: 'You own your content. We never train models on it without your explicit permission, and we say clearly what the AI did.',
  },
  {
    icon: HeartHandshake,
    title: 'Inclusive Collaboration',
    body: 'Great content is a team sport. We build for writers, editors, marketers and clients working side by side.',
  },
  {
    icon: Compass,
    title: 'Continuous Adaptation',
    body: 'Search and language keep changing. We ship weekly, listen to our beta testers and adjust course fast.',
  },
];

const LEGAL = [
  {
    id: 'terms',
    title: 'Terms of Service',
    body: `During the beta, ${SITE_NAME} is provided as is, free of charge, for evaluation. You keep all rights to the content you create, and you agree not to use the service for unlawful, deceptive or spam content. Beta testers agree to keep unreleased features confidential until launch.`,
  },
  {
    id: 'privacy',
    title: 'Privacy Policy',
    body: 'We collect only what we need to run the service: your account details, the content you create and basic usage analytics. We do not sell personal data, we honour Do Not Track and Global Privacy Control signals, and we never use your content to train models without your explicit permission.',
  },
  {
    id: 'cookies',
    title: 'Cookie Policy',
    body: 'The public website sets no advertising or tracking cookies. The product uses a single essential session cookie to keep you signed in. Anonymous usage analytics are tied to one page visit and are not stored in cookies.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="We help every creator publish content that matters"
        description="Our mission is to make high-quality, search-ready content achievable for every team, not only those with big budgets, while keeping people firmly in charge of their own voice."
      />

      <Section id="story" title="Our Story">
        <div className="mx-auto max-w-3xl space-y-5 text-lg text-muted-foreground">
          <p>
            {SITE_NAME} was founded in {FOUNDED_YEAR} by people who had spent a decade running
            content teams at software companies. We had seen the same pattern everywhere: brilliant
            ideas stuck in backlogs because research, briefs, drafts and SEO checks took longer than
            the writing itself.
          </p>
          <p>
            Early AI tools promised help but produced generic text that sounded like nobody. We set
            out to build the opposite: an assistant that learns your brand, understands search, and
            keeps everything you publish in one place so good work gets reused instead of forgotten.
          </p>
          <p>
            Today {SITE_NAME} is in a private beta with a small group of marketers, agencies and
            founders, and we plan to open it to everyone in {PUBLIC_LAUNCH}.
          </p>
        </div>
      </Section>

      <Section id="name" muted title={`Why “${SITE_NAME}”?`}>
        <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          <div>
            <h3 className="text-xl font-semibold">The name</h3>
            <p className="mt-3 text-muted-foreground">
              A loom weaves separate threads into strong fabric. {SITE_NAME} weaves your ideas, your
              brand voice and search insight into content that holds together, with you at the loom
              guiding every pass.
            </p>
          </div>
          <div>
            <h3 className="text-xl font-semibold">The logo</h3>
            <p className="mt-3 text-muted-foreground">
              Our mark is a “W” drawn as a single thread with a horizontal weft crossing it: the
              moment two threads meet and become cloth. The deep indigo stands for focus and trust;
              the light weft for the ideas you bring.
            </p>
          </div>
        </div>
      </Section>

      <Section id="values" title="Our core values">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title}>
              <Card className="h-full">
                <CardHeader>
                  <value.icon className="h-8 w-8 text-primary" aria-hidden="true" />
                  <CardTitle className="text-lg">{value.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-muted-foreground">{value.body}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="careers"
        muted
        title="Careers"
        description="We have no open positions right now."
      >
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-muted-foreground">
            We are a small, remote-first team and we will grow after the public launch. If you care
            about writing, search or developer tooling and want to hear when we hire, introduce
            yourself.
          </p>
          <Button asChild className="mt-6">
            <Link to="/contact">Get in Touch</Link>
          </Button>
        </div>
      </Section>

      <Section
        id="legal"
        title="Legal"
        description="Summaries for the beta period. The full documents will be published before the public launch."
      >
        <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-3">
          {LEGAL.map((item) => (
            <article
              key={item.id}
              id={item.id}
              aria-labelledby={`${item.id}-title`}
              className="scroll-mt-20 rounded-xl border bg-card p-6 shadow-sm"
            >
              <h3 id={`${item.id}-title`} className="text-lg font-semibold">
                {item.title}
              </h3>
              <p className="mt-3 text-sm text-muted-foreground">{item.body}</p>
            </article>
          ))}
        </div>
      </Section>
    </>
  );
}
