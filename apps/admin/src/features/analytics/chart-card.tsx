import { Card, CardContent, CardDescription, CardHeader } from '@repo/ui';
import type { ReactNode } from 'react';

/** A titled card around one chart; `isEmpty` replaces the chart with a sentence. */
export function ChartCard({
  title,
  description,
  isEmpty,
  emptyMessage,
  children,
  className,
}: {
  title: string;
  description?: string;
  isEmpty: boolean;
  emptyMessage: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader className="pb-2">
        <h3 className="font-semibold">{title}</h3>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {isEmpty ? (
          <p className="flex h-48 items-center justify-center text-sm text-muted-foreground">
            {emptyMessage}
          </p>
        ) : (
          <figure className="h-64 w-full" aria-label={title}>
            {children}
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

/** Brand colours for SVG (chart libraries need literal values). */
export const CHART_COLORS = {
  primary: '#4338ca',
  accent: '#f59e0b',
  grid: '#e2e8f0',
  axis: '#475569',
} as const;

/** 'gettingStartedEase' -> 'Getting started ease'; 'very_easy' -> 'Very easy'. */
export function humanize(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
