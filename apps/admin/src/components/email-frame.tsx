import { Skeleton, cn } from '@repo/ui';
import { errorMessage } from '@/lib/notify';

interface EmailFrameProps {
  title: string;
  html: string | undefined;
  isLoading: boolean;
  error: unknown;
  className?: string;
}

/**
 * Shows an email's HTML in a fully sandboxed iframe: no scripts, no same-origin
 * access, so nothing in a template can reach the console or its session.
 */
export function EmailFrame({ title, html, isLoading, error, className }: EmailFrameProps) {
  if (isLoading) return <Skeleton className={cn('h-[50vh] w-full', className)} />;
  if (error) {
    return (
      <div role="alert" className="rounded-md border border-destructive/40 p-4 text-sm">
        <p className="font-medium text-destructive">Could not load the preview</p>
        <p className="text-muted-foreground">{errorMessage(error)}</p>
      </div>
    );
  }
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html ?? ''}
      className={cn('h-[50vh] w-full rounded-md border bg-white', className)}
    />
  );
}
