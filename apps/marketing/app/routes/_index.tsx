import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useAnalytics } from '@repo/analytics/react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@repo/ui';
import { ArrowRight, FolderOpen, PenLine, Quote, Recycle } from 'lucide-react';
import { PostCard } from '~/components/blog/post-card';
import { CallToAction } from '~/components/marketing/call-to-action';
import { ContentVersionPanel } from '~/components/marketing/content-version-panel';
import { Section } from '~/components/marketing/section';
import { toPostCardData } from '~/utils/post-card-data.server';
import { listPostsOrEmpty } from '~/utils/posts.server';
import { HIGH_PRIORITY } from '~/utils/image-priority';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { HOME_LATEST_POSTS, PUBLIC_LAUNCH, SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${SITE_NAME}: publish-ready, SEO-optimised content from your ideas`,
    description: `${SITE_NAME} is the AI content platform that turns ideas into publish-ready, SEO-optimised blog posts, social posts, emails and video scripts in your brand voice. Join the beta waitlist.`,
    path: '/',
    siteUrl: siteUrlFrom(matches),
  });

export const loader = async () => {
  const posts = await listPostsOrEmpty();
  return { latestPosts: posts.slice(0, HOME_LATEST_POSTS).map(toPostCardData) };
};

const CORE = [
  {
    id: 'create',
    icon: PenLine,
    title: 'Create',
    body: 'Turn a rough idea into a researched, structured draft for a blog post, social post, email or video script, written in your brand voice.',
  },
  {
    id: 'organize',
    icon: FolderOpen,
    title: 'Organize',
    body: 'Keep every draft, brief and published piece in one searchable Content Hub, with folders, tags and status at a glance.',
  },
  {
    id: 'reuse',
    icon: Recycle,
    title: 'Reuse',
    body: 'Turn one strong article into a newsletter, a LinkedIn carousel and a video script without starting over.',
  },
];

const STEPS = [
  {
    title: 'Share your idea',
    body: `Paste notes, a link or a single sentence. ${SITE_NAME} asks a few questions to understand the angle.`,
  },
  {
    title: 'Get a search-ready brief',
    body: 'Keywords, search intent and an outline built from what already ranks, so you know what the piece must cover.',
  },
  {
    title: 'Draft in your voice',
    body: 'The writing assistant drafts with your tone, terminology and examples. You edit, it learns.',
  },
  {
    title: 'Publish and reuse',
    body: 'Export or publish, then spin the piece into other formats from the Content Hub.',
  },
];

const TESTIMONIALS = [
  {
    quote:
      'We went from 40 to 120 pieces a month without hiring, and clients stopped asking us to "make it sound more like us".',
    name: 'Amira Haddad',
    role: 'Managing Director, Northline Studio',
  },
  {
    quote:
      'The keyword briefs alone save me a day a week. I finally write about what people search for, not what I guess they want.',
    name: 'Jonas Weber',
    role: 'Freelance SEO writer',
  },
  {
    quote: `As a founder with no content team, ${SITE_NAME} is the difference between a dusty blog and one that brings in sign-ups.`,
    name: 'Lena Park',
    role: 'Founder, Brightpath Analytics',
  },
];

const AUDIENCES = [
  'Marketers',
  'Founders',
  'Agencies',
  'Writers',
  'Freelancers',
  'Content marketing teams',
  'SEO specialists',
  'Small business owners',
  'Content creators',
  'E-commerce and SaaS companies',
  'Educational and media organisations',
];

export default function HomePage() {
  const { latestPosts } = useLoaderData<typeof loader>();
  const { track } = useAnalytics();
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-secondary via-background to-background">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="inline-flex rounded-full border border-indigo-200 bg-background px-3 py-1 text-sm font-medium text-primary">
              Private beta · Public launch {PUBLIC_LAUNCH}
            </p>
            <h1 className="mt-6 text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
              Turn ideas into publish-ready, <span className="text-primary">SEO-optimised</span>{' '}
              content
            </h1>
            <p className="mt-6 max-w-xl text-pretty text-lg text-muted-foreground">
              {SITE_NAME} researches, outlines and drafts blog posts, social posts, emails and video
              scripts in your brand voice, then keeps them in one library you can reuse.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link
                  to="/beta"
                  data-analytics-id="home-hero-join-waitlist"
                  onClick={() =>
                    track('button_click', {
                      buttonId: 'home-hero-join-waitlist',
                      buttonText: 'Join Beta Waitlist',
                    })
                  }
                >
                  Join Beta Waitlist <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/features">Explore Features</Link>
              </Button>
            </div>
          </div>
          <img
            src="/images/features/brand-aware-writing-assistant.svg"
            alt={`The ${SITE_NAME} editor drafting an article with brand voice suggestions beside it`}
            width={1200}
            height={750}
            {...HIGH_PRIORITY}
            className="h-auto w-full rounded-xl border shadow-xl"
          />
        </div>
      </section>

      <Section
        id="core-features"
        title="Create, organize and reuse"
        description="Three things every content team does all day, made faster."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {CORE.map((item) => (
            <li key={item.id} data-feature-id={`home-${item.id}`}>
              <Card className="h-full">
                <CardHeader>
                  <item.icon className="h-8 w-8 text-primary" aria-hidden="true" />
                  <CardTitle>{item.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-muted-foreground">{item.body}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="how-it-works"
        muted
        title="How it works"
        description="From idea to published in four steps."
      >
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="testimonials" title="What beta testers say">
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
                <Quote className="h-6 w-6 text-primary" aria-hidden="true" />
                <blockquote className="mt-4 flex-1 text-pretty">{testimonial.quote}</blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="font-semibold">{testimonial.name}</span>
                  <span className="block text-muted-foreground">{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="who-its-for"
        muted
        title="Who it is for"
        description="Anyone who has to publish more than they have time to write."
      >
        <ul className="flex flex-wrap justify-center gap-3">
          {AUDIENCES.map((audience) => (
            <li
              key={audience}
              className="rounded-full border bg-background px-4 py-2 text-sm font-medium"
            >
              {audience}
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/benefits" className="font-medium text-primary hover:underline">
            See the benefits for your team
          </Link>
        </p>
      </Section>

      {latestPosts.length > 0 ? (
        <Section
          id="latest-posts"
          title="Latest from the blog"
          description="Practical guides on AI writing, SEO and content workflows."
        >
          <ul className="grid gap-6 md:grid-cols-3">
            {latestPosts.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <Button asChild variant="outline" size="lg">
              <Link to="/blog">View All Posts</Link>
            </Button>
          </div>
        </Section>
      ) : null}

      <CallToAction />
      <ContentVersionPanel />
    </>
  );
}
