import { Card, CardContent, CardDescription, CardHeader } from '@repo/ui';
import type { ReactNode } from 'react';
import { AuthSidePanel } from './auth-side-panel';

/** The public screens' frame: a card on the left, the marketing panel on the right. */
export function AuthShell({ description, children }: { description: string; children: ReactNode }) {
  return (
    <div className="grid min-h-screen md:grid-cols-2">
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">Wordloom Admin</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
      <AuthSidePanel />
    </div>
  );
}
