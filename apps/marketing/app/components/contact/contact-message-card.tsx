import { useFetcher } from '@remix-run/react';
import { useAnalytics } from '@repo/analytics/react';
import { Button, Card, CardContent, CardDescription, CardHeader, toast } from '@repo/ui';
import { CheckCircle2, Send } from 'lucide-react';
import { type MouseEvent, Suspense, useEffect, useRef, useState } from 'react';
import { lazyComponent } from '~/utils/lazy-component';
import { TOASTS } from '~/utils/messages';
import {
  CONTACT_ACTION,
  type ContactActionData,
  type ContactValues,
  EMPTY_CONTACT,
} from './contact-rules';

// The form's code (and zod) downloads when the visitor reaches for the button.
const ContactFormOverlay = lazyComponent(() =>
  import('./contact-form-overlay').then((module) => module.ContactFormOverlay),
);

// The page's own form (issue 22): rendered on the server, downloaded only where shown.
const ContactPageForm = lazyComponent(() =>
  import('./contact-page-form').then((module) => module.ContactPageForm),
);

/** The query that asks for the page's own form (the button's, before JavaScript runs). */
export const CONTACT_PAGE_FORM_QUERY = { name: 'view', value: 'form' } as const;

interface ContactMessageCardProps {
  /** The action's answer to a form posted without JavaScript. */
  serverResult?: ContactActionData;
  /** The page's own form was asked for (`?view=form`): shown instead of the button. */
  pageForm?: boolean;
}

/**
 * 'Send Us a Message': the button that opens the form, or the thank-you card after a send.
 * Without JavaScript the button asks for the page's own form (ContactPageForm), and the
 * page's action answers it; with JavaScript the overlay submits to the same action.
 */
export function ContactMessageCard({ serverResult, pageForm = false }: ContactMessageCardProps) {
  const { track } = useAnalytics();
  const fetcher = useFetcher<ContactActionData>();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing animates and returns focus as usual.
  const [overlayMounted, setOverlayMounted] = useState(false);
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [sent, setSent] = useState(serverResult?.outcome === 'sent');
  const sentValues = useRef<ContactValues>(EMPTY_CONTACT);
  const handled = useRef<ContactActionData | undefined>(undefined);
  const sending = fetcher.state !== 'idle';

  function send(current: ContactValues, website: string) {
    sentValues.current = current;
    fetcher.submit({ ...current, website }, { method: 'post', action: CONTACT_ACTION });
  }

  // The action's answer to the overlay's send.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    // Either way the overlay closes (spec section 4); on failure the values are kept.
    setOpen(false);
    if (result.outcome === 'sent') {
      track('contact_form_submit', {
        formId: 'contact-form',
        subject_length: sentValues.current.subject.trim().length,
      });
      toast(TOASTS.contactSuccess);
      setValues(EMPTY_CONTACT);
      setSent(true);
    } else {
      toast(TOASTS.contactFailed);
    }
  }, [fetcher.state, fetcher.data, track]);

  /** With JavaScript the button opens the overlay; without, it asks for the page's form. */
  function openOverlay(event: MouseEvent) {
    event.preventDefault();
    setOverlayMounted(true);
    setOpen(true);
  }

  const unsent = serverResult && serverResult.outcome !== 'sent' ? serverResult : undefined;

  return (
    <Card id="message" className="scroll-mt-20">
      {sent ? (
        <CardContent className="flex flex-col items-center p-8 text-center" role="status">
          <CheckCircle2 className="h-12 w-12 text-success" aria-hidden="true" />
          <h2 className="mt-4 text-2xl font-bold">Thank You!</h2>
          {/* Sent without JavaScript: the success toast's words, on the page. */}
          {serverResult?.outcome === 'sent' ? (
            <p className="mt-2 font-medium">
              {TOASTS.contactSuccess.title} {TOASTS.contactSuccess.description}
            </p>
          ) : null}
          <p className="mt-2 text-muted-foreground">
            Your message is on its way. We reply within 24-48 hours on business days.
          </p>
          <form method="get" action={`${CONTACT_ACTION}#message`}>
            <Button
              type="submit"
              className="mt-6"
              variant="outline"
              onClick={(event) => {
                event.preventDefault();
                setSent(false);
              }}
            >
              Send Another Message
            </Button>
          </form>
        </CardContent>
      ) : (
        <>
          <CardHeader>
            <h2 className="text-xl font-semibold leading-none tracking-tight">Send Us a Message</h2>
            <CardDescription>
              {pageForm || unsent
                ? 'We read every message ourselves.'
                : 'Four quick steps. We read every message ourselves.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {pageForm || unsent ? (
              <Suspense fallback={null}>
                <ContactPageForm result={unsent} />
              </Suspense>
            ) : (
              <form method="get" action={`${CONTACT_ACTION}#message`}>
                <input
                  type="hidden"
                  name={CONTACT_PAGE_FORM_QUERY.name}
                  value={CONTACT_PAGE_FORM_QUERY.value}
                />
                <Button
                  type="submit"
                  size="lg"
                  onClick={openOverlay}
                  onPointerEnter={ContactFormOverlay.preload}
                  onFocus={ContactFormOverlay.preload}
                  data-analytics-id="contact-open-form"
                >
                  <Send aria-hidden="true" />
                  Contact Us
                </Button>
              </form>
            )}
          </CardContent>
        </>
      )}
      {overlayMounted ? (
        <Suspense fallback={null}>
          <ContactFormOverlay
            open={open}
            onOpenChange={setOpen}
            values={values}
            onValuesChange={setValues}
            sending={sending}
            onSend={send}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
