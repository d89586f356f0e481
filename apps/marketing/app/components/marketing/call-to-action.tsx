import { Link } from '@remix-run/react';
import { Button } from '@repo/ui/button';
import ArrowRight from 'lucide-react/icons/arrow-right';
import type { ReactNode } from 'react';
import { PUBLIC_LAUNCH } from '~/utils/site';

interface CallToActionProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Secondary link beside the main button. */
  secondary?: { to: string; label: string };
}

/** The closing call to action: joining the beta waitlist (spec section 1). */
export function CallToAction({
  title = 'Ready to write less and publish more?',
  description = `Join the beta waitlist for early access, a say in what we build next and early-adopter pricing when we launch publicly in ${PUBLIC_LAUNCH}.`,
  secondary,
}: CallToActionProps) {
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-5xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12 sm:py-16">
        <h2 id="cta-heading" className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-pretty text-lg text-indigo-100">{description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="secondary">
            <Link to="/beta" data-analytics-id="cta-join-beta">
              Join Beta Waitlist <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          {secondary ? (
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-indigo-200 bg-transparent text-white hover:bg-primary-hover"
            >
              <Link to={secondary.to}>{secondary.label}</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
