import { SITE_NAME } from '~/utils/site';

/** The woven "W" mark: threads crossing, the loom in the product's name. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <path
        d="M7 10l4.5 13L16 12l4.5 11L25 10"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M6 16.5h20" stroke="#c7d2fe" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-foreground">
      <LogoMark className="h-8 w-8" />
      {SITE_NAME}
    </span>
  );
}
