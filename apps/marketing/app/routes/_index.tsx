import type { MetaFunction } from '@remix-run/node';

export const meta: MetaFunction = () => [
  { title: 'Wordloom: publish-ready, SEO-optimised content from your ideas' },
  {
    name: 'description',
    content:
      'Wordloom turns ideas into publish-ready, SEO-optimised content. Join the beta waitlist.',
  },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="text-4xl font-bold tracking-tight">Wordloom</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        Turn ideas into publish-ready, SEO-optimised content.
      </p>
    </main>
  );
}
