import { PUBLIC_LAUNCH, SITE_NAME } from '~/utils/site';

/** The /beta FAQ: the waitlist questions and the beta questions of spec section 2. */
export const BETA_FAQ = [
  {
    question: `When will ${SITE_NAME} be available?`,
    answer: `${SITE_NAME} is in a private beta today. We are inviting people from the waitlist in small groups and plan the public launch for ${PUBLIC_LAUNCH}.`,
  },
  {
    question: `How much will ${SITE_NAME} cost?`,
    answer:
      'Pricing is not final yet. We plan tiered plans for individuals, teams and enterprises, and everyone on the waitlist gets early-adopter pricing at launch.',
  },
  {
    question: `Which tools does ${SITE_NAME} integrate with?`,
    answer:
      'At launch you can publish to WordPress, Webflow and HubSpot and connect Google Search Console. More integrations follow, shaped by what beta testers ask for.',
  },
  {
    question: `How is ${SITE_NAME} different from other AI writing tools?`,
    answer: `Most tools generate text. ${SITE_NAME} starts from search data and your brand guidelines, so drafts target real demand and sound like you, and everything lands in one reusable Content Hub.`,
  },
  {
    question: 'Who owns the content I create?',
    answer: `You do. Everything you create in ${SITE_NAME} is yours, and we never use your content to train models without your explicit permission.`,
  },
  {
    question: 'Is the beta free?',
    answer:
      'Yes. The beta is completely free for the whole testing window. We ask for your time and honest feedback in return.',
  },
  {
    question: 'Who qualifies for the beta?',
    answer:
      'Marketers, founders, copywriters and agencies who publish content at least weekly. Regular publishing gives us the real-world feedback we need.',
  },
  {
    question: `Can I use ${SITE_NAME} for client work during the beta?`,
    answer:
      'Yes, as long as you keep backups of anything important and respect the beta NDA: client deliverables are fine, screenshots of unreleased features are not.',
  },
  {
    question: 'What happens after the beta ends?',
    answer:
      'You move to an early-adopter plan with a Founder discount that beats anything we offer publicly, and your work stays exactly where it is.',
  },
] as const;

export function faqJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: BETA_FAQ.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
