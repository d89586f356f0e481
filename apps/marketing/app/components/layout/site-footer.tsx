import { Link } from '@remix-run/react';
import { FOOTER_GROUPS, FOUNDED_YEAR, SITE_NAME, SOCIAL_LINKS } from '~/utils/site';
import { Logo } from './logo';
import { SocialIcon } from './social-icon';

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            The AI content platform that turns ideas into publish-ready, SEO-optimised content in
            your brand&apos;s voice.
          </p>
          <ul className="flex gap-2" aria-label="Social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.network}>
                <a
                  href={social.href}
                  rel="noopener noreferrer me"
                  target="_blank"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-background hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <SocialIcon network={social.network} />
                  <span className="sr-only">{social.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
            <h2
              id={`footer-${group.title.toLowerCase()}`}
              className="text-sm font-semibold text-foreground"
            >
              {group.title}
            </h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-muted-foreground hover:text-primary hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © {FOUNDED_YEAR}–{new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
