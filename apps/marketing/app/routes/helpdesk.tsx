import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Button } from '@repo/ui';
import { PageHero } from '~/components/marketing/page-hero';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Help Center',
    description: `The ${SITE_NAME} Help Center opens with the public launch. Until then, contact the team directly and we reply within 24-48 hours on business days.`,
    path: '/helpdesk',
    siteUrl: siteUrlFrom(matches),
  });

export default function HelpdeskPage() {
  return (
    <PageHero
      eyebrow="Help Center"
      title="Help Center Coming Soon"
      description="A searchable knowledge base with troubleshooting guides and video walkthroughs opens with the public launch. Need help now? Send us a message and a real person will answer."
    >
      <Button asChild size="lg">
        <Link to="/contact">Contact Us</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/features">Explore Features</Link>
      </Button>
    </PageHero>
  );
}
