import { CardDescription, CardHeader } from '@repo/ui';
import type { ReactNode } from 'react';

/** A tab card's heading (an h2 under the page's h1), its description and its actions. */
export function SectionHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
      <div className="space-y-1.5">
        <h2 className="text-xl font-semibold leading-none tracking-tight">{title}</h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </CardHeader>
  );
}
