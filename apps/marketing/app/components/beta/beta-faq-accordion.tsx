import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@repo/ui';
import { Section } from '~/components/marketing/section';
import { BETA_FAQ } from './beta-faq';

/**
 * The /beta FAQ. The accordion (Radix, some 10 KB of gzip with its parts) is a
 * download of its own, loaded as the page hydrates (see routes/beta.tsx).
 */
export function BetaFaq() {
  return (
    <Section id="faq" title="Frequently asked questions">
      {/* One item open at a time (spec section 2). */}
      <Accordion type="single" collapsible className="mx-auto max-w-3xl">
        {BETA_FAQ.map((item, index) => (
          <AccordionItem key={item.question} value={`faq-${index}`}>
            <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
            <AccordionContent className="text-base">{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </Section>
  );
}
