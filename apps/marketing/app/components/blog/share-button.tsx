import { Button } from '@repo/ui';
import { Share2 } from 'lucide-react';
import { copyLink } from '~/utils/copy-link';

/** The native share sheet when there is one; otherwise the link goes to the clipboard. */
export function ShareButton({ title, text, url }: { title: string; text: string; url?: string }) {
  async function share() {
    const link = url ?? window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url: link });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyLink(link);
  }
  return (
    <Button type="button" variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
