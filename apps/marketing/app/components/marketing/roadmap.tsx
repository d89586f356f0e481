import { BETA_CAP } from '@repo/validation';
import { PUBLIC_LAUNCH, SITE_NAME } from '~/utils/site';
import { Section } from './section';

// Spec section 1 and 9: Q2 Beta Launch, Q3 Enhanced Platform, Q4 Full-Featured Release.
const MILESTONES = [
  {
    quarter: 'Q2',
    title: 'Beta Launch',
    body: `A closed beta for ${BETA_CAP} testers: brand voice profiles, SEO briefs, blog drafting and the Content Hub.`,
  },
  {
    quarter: 'Q3',
    title: 'Enhanced Platform',
    body: 'Editorial calendar, collaboration and approvals, multilingual drafts and the first publishing integrations.',
  },
  {
    quarter: 'Q4',
    title: 'Full-Featured Release',
    body: 'Public launch with performance analytics, team plans, enterprise controls and the public API.',
  },
];

export function Roadmap() {
  return (
    <Section
      id="roadmap"
      eyebrow="Roadmap"
      title={`Where ${SITE_NAME} is heading`}
      description="Built in the open with our beta testers."
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {MILESTONES.map((milestone) => (
          <li key={milestone.quarter} className="relative rounded-xl border bg-card p-6 shadow-sm">
            <p className="text-sm font-semibold text-primary">{milestone.quarter}</p>
            <h3 className="mt-1 text-xl font-semibold">
              {milestone.quarter} {milestone.title}
            </h3>
            <p className="mt-3 text-sm text-muted-foreground">{milestone.body}</p>
          </li>
        ))}
      </ol>
      <div
        id="releases"
        className="mx-auto mt-12 max-w-2xl scroll-mt-20 rounded-xl border border-dashed p-6 text-center"
      >
        <h3 className="text-lg font-semibold">Release notes</h3>
        <p className="mt-2 text-sm text-muted-foreground">
          Beta testers get weekly Monday drops. Public release notes start with the full launch in{' '}
          {PUBLIC_LAUNCH}.
        </p>
      </div>
    </Section>
  );
}
