import { Badge } from '@repo/ui';
import {
  CalendarClock,
  Gift,
  Lightbulb,
  MessageSquare,
  Rocket,
  Sparkles,
  Star,
  Users,
} from 'lucide-react';
import { Section } from '~/components/marketing/section';
import { SITE_NAME } from '~/utils/site';

const WAITLIST_BENEFITS = [
  {
    icon: Rocket,
    title: 'Early access',
    body: `Be among the first to use ${SITE_NAME}, months before the public launch.`,
  },
  {
    icon: Sparkles,
    title: 'Product updates',
    body: 'Get a short email whenever we ship something new or open more beta places.',
  },
  {
    icon: Lightbulb,
    title: 'Influence on development',
    body: 'Tell us what to build. Waitlist feedback decides what we prioritise.',
  },
  {
    icon: Gift,
    title: 'Exclusive pricing',
    body: 'Lock in early-adopter pricing that will not be offered after launch.',
  },
];

export function WaitlistBenefits() {
  return (
    <Section
      id="benefits"
      title="Why join the waitlist"
      description="Four reasons to sign up today."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {WAITLIST_BENEFITS.map((benefit) => (
          <li key={benefit.title} className="rounded-xl border bg-card p-6 shadow-sm">
            <benefit.icon className="h-7 w-7 text-primary" aria-hidden="true" />
            <h3 className="mt-4 font-semibold">{benefit.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{benefit.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const WHY_JOIN = [
  {
    icon: Rocket,
    title: 'Early Access',
    body: 'Use every new feature first, from brand voice profiles to the SEO Intelligence Engine.',
  },
  {
    icon: Lightbulb,
    title: 'Influence the Roadmap',
    body: 'Your feedback goes straight into planning. Testers have already shaped the Content Hub.',
  },
  {
    icon: Users,
    title: 'Direct Line to Builders',
    body: `Join weekly Zoom sessions with the founders and engineers building ${SITE_NAME}.`,
  },
  {
    icon: Star,
    title: 'Founder-Level Perks',
    body: 'Keep a lifetime Founder badge and a deep-discount plan when the beta ends.',
  },
];

const EXPECTATIONS = [
  {
    title: 'About 45 minutes a week',
    body: `Create real content with ${SITE_NAME} for about 45 minutes each week of the testing window.`,
  },
  {
    title: 'Frank feedback',
    body: 'Report what works and what does not with the in-app feedback button. We aim to reply within 24 hours.',
  },
  {
    title: 'One live session or survey',
    body: 'Join one live feedback session or fill in one survey, whichever suits you.',
  },
  {
    title: 'Confidentiality',
    body: 'Keep unreleased features and screenshots confidential until the public launch.',
  },
];

const FLOW: { title: string; body: string; checklist?: string[] }[] = [
  { title: 'Apply', body: 'Fill in the seven-question application. It takes about two minutes.' },
  { title: 'Invite', body: 'If you are a fit, you receive an invitation email with your login.' },
  {
    title: 'Kickoff',
    body: 'Join the weekly onboarding webinar for a guided tour and your first project.',
  },
  {
    title: 'Create',
    body: 'Work through the starter checklist:',
    checklist: [
      'Complete your profile',
      'Set up your brand',
      'Choose your workflow',
      'Run keyword research',
      'Write your first blog post',
      'Organise a content folder',
    ],
  },
  {
    title: 'Iterate',
    body: 'Try the weekly Monday drops of new features and tell us what you think.',
  },
];

const TIMELINE = [
  { title: 'Applications', dates: 'May 26 - June 8' },
  { title: 'Testing Window', dates: 'June 2 - June 30' },
  { title: 'Wrap-Up + Rewards', dates: 'July 2' },
];

const BEST_PRACTICES = [
  'Use real projects, not test prompts: the feedback is far more useful.',
  'Set up your brand voice first; every draft after that gets better.',
  'Note friction the moment it happens with the in-app feedback button.',
  'Try one new feature from each Monday drop.',
  `Compare a ${SITE_NAME} draft with your usual process at least once.`,
];

export function WhyJoin() {
  return (
    <Section id="why-join" muted eyebrow="Beta program" title="Why Join">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {WHY_JOIN.map((item) => (
          <li key={item.title} className="rounded-xl border bg-card p-6 shadow-sm">
            <item.icon className="h-7 w-7 text-primary" aria-hidden="true" />
            <h3 className="mt-4 font-semibold">{item.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{item.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function WhatWeExpect() {
  return (
    <Section
      id="expectations"
      title="What We Expect"
      description="A small commitment that makes a big difference."
    >
      <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
        {EXPECTATIONS.map((item) => (
          <li key={item.title} className="flex gap-4 rounded-xl border p-5">
            <MessageSquare className="mt-1 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{item.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function BetaFlow() {
  return (
    <Section id="how-it-flows" muted title="How the Beta Flows">
      <ol className="grid gap-6 md:grid-cols-5">
        {FLOW.map((step, index) => (
          <li key={step.title} className="rounded-xl border bg-card p-5 shadow-sm">
            <span
              className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{step.body}</p>
            {step.checklist ? (
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                {step.checklist.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function BetaTimeline() {
  return (
    <Section id="timeline" title="Beta Timeline">
      <ol className="mx-auto max-w-2xl space-y-4">
        {TIMELINE.map((item) => (
          <li
            key={item.title}
            className="flex items-center justify-between gap-4 rounded-xl border p-5"
          >
            <div className="flex items-center gap-4">
              <CalendarClock className="h-6 w-6 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="text-sm text-muted-foreground">{item.dates}</p>
              </div>
            </div>
            <Badge variant="outline">Upcoming</Badge>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function BestPractices() {
  return (
    <Section id="best-practices" muted title="Beta Best Practices">
      <ol className="mx-auto max-w-2xl list-decimal space-y-3 pl-6 text-lg">
        {BEST_PRACTICES.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ol>
    </Section>
  );
}
