import { toast } from '@repo/ui';

/** Copies a link and says so in a toast (spec: 'Link copied to clipboard!'), or says it failed. */
export async function copyLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'Link copied to clipboard!' });
  } catch {
    toast({
      title: 'Copy failed',
      description: 'Failed to copy to clipboard',
      variant: 'destructive',
    });
  }
}
