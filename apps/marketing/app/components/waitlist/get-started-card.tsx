import { Link } from '@remix-run/react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@repo/ui';

/** The waitlist form collapsed to a card (spec section 2). */
export function WaitlistGetStartedCard() {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <CardHeader>
        <CardTitle>Join the beta waitlist</CardTitle>
        <CardDescription>
          Seven quick questions, early access and early-adopter pricing.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg">
          <Link to="/beta">Get Started</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
