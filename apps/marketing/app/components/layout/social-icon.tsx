import type { SocialNetwork } from '~/utils/site';

// Simple brand glyphs drawn inline, so the footer needs no icon font or external request.
const PATHS: Record<SocialNetwork, string> = {
  X: 'M4 4l6.5 8.5L4 20h2l5.4-6.1L16 20h4l-6.8-9L19.3 4h-2l-5 5.6L8 4H4z',
  LinkedIn:
    'M5 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm-1.7 6h3.4v10H3.3V10zm5.6 0h3.2v1.4c.5-.9 1.7-1.7 3.4-1.7 3.5 0 4.2 2.2 4.2 5.1V20h-3.4v-4.6c0-1.2 0-2.7-1.7-2.7s-2 1.3-2 2.6V20H8.9V10z',
  Instagram:
    'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  YouTube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3L10 15z',
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
      <path d={PATHS[network]} fillRule="evenodd" />
    </svg>
  );
}
