import { Skeleton } from '@repo/ui';

export function PostSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6" role="status" aria-live="polite">
      <span className="sr-only">Loading post…</span>
      <Skeleton className="h-6 w-28" />
      <Skeleton className="mt-6 h-10 w-full" />
      <Skeleton className="mt-3 h-10 w-2/3" />
      <Skeleton className="mt-6 h-4 w-48" />
      <Skeleton className="mt-10 aspect-[1200/630] w-full" />
      <div className="mt-10 space-y-3">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-4 w-full" />
        ))}
      </div>
    </div>
  );
}
