import { redirect } from '@remix-run/node';

// The benefits page links to /waitlist; the waitlist lives on /beta.
export const loader = () => redirect('/beta', 301);
