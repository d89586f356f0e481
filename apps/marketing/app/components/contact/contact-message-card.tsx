import { useAnalytics } from '@repo/analytics/react';
import { Button, Card, CardContent, CardDescription, CardHeader, toast } from '@repo/ui';
import { CheckCircle2, Send } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyComponent } from '~/utils/lazy-component';
import { TOASTS } from '~/utils/messages';
import { type ContactValues, EMPTY_CONTACT, sendContactMessage } from './contact-rules';

// The form's code (and zod) downloads when the visitor reaches for the button.
const ContactFormOverlay = lazyComponent(() =>
  import('./contact-form-overlay').then((module) => module.ContactFormOverlay),
);

/** 'Send Us a Message': the button that opens the form, or the thank-you card after a send. */
export function ContactMessageCard() {
  const { track } = useAnalytics();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing animates and returns focus as usual.
  const [overlayMounted, setOverlayMounted] = useState(false);
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function send(current: ContactValues, website: string) {
    setSending(true);
    const ok = await sendContactMessage(current, website);
    setSending(false);
    // Either way the overlay closes (spec section 4); on failure the values are kept.
    setOpen(false);
    if (ok) {
      track('contact_form_submit', {
        formId: 'contact-form',
        subject_length: current.subject.trim().length,
      });
      toast(TOASTS.contactSuccess);
      setValues(EMPTY_CONTACT);
      setSent(true);
    } else {
      toast(TOASTS.contactFailed);
    }
  }

  return (
    <Card id="message" className="scroll-mt-20">
      {sent ? (
        <CardContent className="flex flex-col items-center p-8 text-center" role="status">
          <CheckCircle2 className="h-12 w-12 text-success" aria-hidden="true" />
          <h2 className="mt-4 text-2xl font-bold">Thank You!</h2>
          <p className="mt-2 text-muted-foreground">
            Your message is on its way. We reply within 24-48 hours on business days.
          </p>
          <Button className="mt-6" variant="outline" onClick={() => setSent(false)}>
            Send Another Message
          </Button>
        </CardContent>
      ) : (
        <>
          <CardHeader>
            <h2 className="text-xl font-semibold leading-none tracking-tight">Send Us a Message</h2>
            <CardDescription>Four quick steps. We read every message ourselves.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button
              size="lg"
              onClick={() => {
                setOverlayMounted(true);
                setOpen(true);
              }}
              onPointerEnter={ContactFormOverlay.preload}
              onFocus={ContactFormOverlay.preload}
              data-analytics-id="contact-open-form"
            >
              <Send aria-hidden="true" />
              Contact Us
            </Button>
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
            onSend={(current, website) => void send(current, website)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
