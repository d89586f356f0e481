import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@repo/ui';
import { Briefcase, Building, GraduationCap, Megaphone, PenLine, ShoppingBag } from 'lucide-react';
import { CallToAction } from '~/components/marketing/call-to-action';
import { PageHero } from '~/components/marketing/page-hero';
import { Section } from '~/components/marketing/section';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Benefits for marketers, agencies, founders and writers',
    description: `How ${SITE_NAME} helps content marketing teams, agencies, founders, freelance writers, e-commerce brands and educators publish more SEO-ready content in their own voice.`,
    path: '/benefits',
    siteUrl: siteUrlFrom(matches),
  });

const AUDIENCES = [
  {
    id: 'marketing-teams',
    icon: Megaphone,
    title: 'Content marketing teams',
    body: 'Turn one campaign idea into blog posts, emails and social posts in an afternoon. Shared brand guidelines keep every writer on message, and the editorial calendar shows what ships when.',
    outcome: 'Plan, draft and publish a month of content in a week.',
  },
  {
    id: 'agencies',
    icon: Briefcase,
    title: 'Agencies',
    body: 'Keep a separate voice profile, keyword set and content library for every client. Switch workspaces without cross-contamination and hand clients drafts that already sound like them.',
    outcome: 'Take on more clients without hiring ahead of revenue.',
  },
  {
    id: 'founders',
    icon: Building,
    title: 'Founders and small businesses',
    body: `You know your product better than anyone but have no time to write about it. Talk through an idea, and ${SITE_NAME} returns a structured, search-ready article you can edit in minutes.`,
    outcome: 'Consistent publishing without a full-time writer.',
  },
  {
    id: 'writers',
    icon: PenLine,
    title: 'Freelance writers and creators',
    body: 'Skip the blank page, not the craft. Research, outlines and first drafts arrive in your style, so you spend your hours on the insight and polish clients pay for.',
    outcome: 'More billable work per week, less busywork.',
  },
  {
    id: 'ecommerce-saas',
    icon: ShoppingBag,
    title: 'E-commerce and SaaS companies',
    body: 'Generate product descriptions, comparison pages and help articles at catalogue scale, each optimised for the terms your buyers actually search for.',
    outcome: 'Hundreds of on-brand pages, each with a purpose.',
  },
  {
    id: 'education-media',
    icon: GraduationCap,
    title: 'Educational and media organisations',
    body: 'Adapt one piece of research into course notes, newsletters and explainers for different reading levels, with sources and house style preserved.',
    outcome: 'Reach every audience without rewriting from scratch.',
  },
];

export default function BenefitsPage() {
  return (
    <>
      <PageHero
        eyebrow="Benefits"
        title="Built for everyone who publishes"
        description={`Whether you write for one brand or fifty, ${SITE_NAME} takes on the research, structure and SEO groundwork so you can focus on ideas worth publishing.`}
      >
        <Button asChild size="lg">
          <Link to="/waitlist">Join the Waitlist</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/contact">Talk to Us</Link>
        </Button>
      </PageHero>
      <Section
        title={`Who ${SITE_NAME} is for`}
        description="Six kinds of teams, one goal: more content that ranks and sounds like you."
      >
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {AUDIENCES.map((audience) => (
            <li key={audience.id} data-feature-id={`benefit-${audience.id}`}>
              <Card className="h-full">
                <CardHeader>
                  <audience.icon className="h-8 w-8 text-primary" aria-hidden="true" />
                  <CardTitle className="text-lg">{audience.title}</CardTitle>
                </CardHeader>
                <CardContent className="space-y-4">
                  <p className="text-sm text-muted-foreground">{audience.body}</p>
                  <p className="text-sm font-semibold text-foreground">{audience.outcome}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <CallToAction secondary={{ to: '/contact', label: 'Contact Sales' }} />
    </>
  );
}
