const HIGHLIGHTS = [
  'Review the waitlist and invite up to 100 beta testers',
  'Answer contact messages and keep their status up to date',
  'Send beta invitations, waitlist updates and announcements',
  'Issue and revoke API keys, and watch signups and engagement',
];

/** The marketing side of the auth screen (spec section 2). */
export function AuthSidePanel() {
  return (
    <aside className="flex flex-col justify-center gap-6 bg-primary px-8 py-10 text-primary-foreground lg:px-14">
      <p className="text-sm font-semibold uppercase tracking-widest text-indigo-100">
        Wordloom Admin
      </p>
      <h2 className="text-3xl font-bold leading-tight lg:text-4xl">
        Turn ideas into publish-ready content. Run the beta from one place.
      </h2>
      <p className="text-indigo-100">
        The console for the Wordloom team: everything the private beta needs, from the first
        waitlist signup to the launch.
      </p>
      <ul className="grid gap-3">
        {HIGHLIGHTS.map((item) => (
          <li key={item} className="flex gap-3">
            <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-highlight" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
