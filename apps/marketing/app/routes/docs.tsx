import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Button } from '@repo/ui';
import { PageHero } from '~/components/marketing/page-hero';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Documentation',
    description: `${SITE_NAME} documentation is on its way: guides for brand setup, keyword research and publishing workflows arrive with the public launch.`,
    path: '/docs',
    siteUrl: siteUrlFrom(matches),
  });

export default function DocsPage() {
  return (
    <PageHero
      eyebrow="Documentation"
      title="Documentation Coming Soon"
      description="We are writing step-by-step guides for brand setup, keyword research, drafting and publishing while the beta runs. Until they are ready, beta testers get answers straight from the team."
    >
      <Button asChild size="lg">
        <Link to="/beta">Join the Beta</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/features">Explore Features</Link>
      </Button>
    </PageHero>
  );
}
