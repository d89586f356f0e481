import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useSearchParams } from '@remix-run/react';
import { Card, CardContent, CardHeader } from '@repo/ui';
import { Clock, Mail } from 'lucide-react';
import { contactAction } from '~/components/contact/contact-action.server';
import {
  CONTACT_PAGE_FORM_QUERY,
  ContactMessageCard,
} from '~/components/contact/contact-message-card';
import { SocialIcon } from '~/components/layout/social-icon';
import { PageHero } from '~/components/marketing/page-hero';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { BETA_EMAIL, SITE_NAME, SOCIAL_LINKS } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Contact the ${SITE_NAME} team`,
    description: `Questions about the ${SITE_NAME} beta, enterprise plans or partnerships? Send us a message and we reply within 24-48 hours on business days.`,
    path: '/contact',
    siteUrl: siteUrlFrom(matches),
  });

/** The contact form posts here, with JavaScript (the overlay's fetcher) or without (issue 22). */
export const action = contactAction;

/** The action's answer is one visitor's: never cached (its own headers say so). */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('cache-control') ? actionHeaders : loaderHeaders;

// Spec section 2: the contact card links to a microblog and a professional network.
const CONTACT_SOCIALS = SOCIAL_LINKS.filter(
  (link) => link.network === 'X' || link.network === 'LinkedIn',
);

const cardTitle = 'text-xl font-semibold leading-none tracking-tight';
// A link inside running text is underlined, not told apart by colour alone (WCAG 1.4.1).
const inlineLink =
  'font-medium text-primary underline underline-offset-2 hover:decoration-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export default function ContactPage() {
  const serverResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const pageForm = searchParams.get(CONTACT_PAGE_FORM_QUERY.name) === CONTACT_PAGE_FORM_QUERY.value;
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        description={`Questions about the beta, our roadmap or a partnership? We are a small team and every message reaches someone who builds ${SITE_NAME}.`}
      />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <h2 className={cardTitle}>Contact information</h2>
          </CardHeader>
          <CardContent className="space-y-5 text-sm">
            <div className="flex gap-3">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-medium">Beta testers</p>
                <a href={`mailto:${BETA_EMAIL}`} className="text-primary hover:underline">
                  {BETA_EMAIL}
                </a>
                <p className="text-muted-foreground">For waitlist and beta inquiries.</p>
              </div>
            </div>
            <div className="flex gap-3">
              <Clock className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-medium">Response time</p>
                <p className="text-muted-foreground">24-48 hours on business days.</p>
              </div>
            </div>
            <ul className="flex gap-2" aria-label={`Follow ${SITE_NAME}`}>
              {CONTACT_SOCIALS.map((social) => (
                <li key={social.network}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex h-10 items-center gap-2 rounded-md border px-3 hover:bg-muted"
                  >
                    <SocialIcon network={social.network} />
                    {social.network}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className={cardTitle}>Quick answers</h2>
          </CardHeader>
          <CardContent>
            <dl className="space-y-4 text-sm">
              <div>
                <dt className="font-medium">How do I join the beta?</dt>
                <dd className="text-muted-foreground">
                  Join the waitlist from our{' '}
                  <Link to="/pricing" className={inlineLink}>
                    pricing page
                  </Link>
                  ; we invite testers from it in small groups.
                </dd>
              </div>
              <div>
                <dt className="font-medium">Do you offer enterprise plans?</dt>
                <dd className="text-muted-foreground">
                  Yes, enterprise plans are planned for the public launch. Send us a message to talk
                  about your needs.
                </dd>
              </div>
              <div>
                <dt className="font-medium">Is there documentation?</dt>
                <dd className="text-muted-foreground">
                  Our{' '}
                  <Link to="/docs" className={inlineLink}>
                    documentation
                  </Link>{' '}
                  is coming soon.
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>

        <ContactMessageCard serverResult={serverResult} pageForm={pageForm} />
      </div>
    </>
  );
}
