import { Toaster } from '@repo/ui';

export function App() {
  return (
    <>
      <main className="mx-auto max-w-5xl p-8">
        <h1 className="text-2xl font-semibold">Wordloom Admin</h1>
      </main>
      <Toaster />
    </>
  );
}
