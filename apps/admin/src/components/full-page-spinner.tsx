import { Spinner } from '@repo/ui';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={label} className="[&_svg]:h-10 [&_svg]:w-10" />
    </div>
  );
}
