import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  // Found only when a page first imports them; listing them up front spares the
  // first dev page load a mid-hydration re-optimisation (and a duplicate React).
  optimizeDeps: {
    include: [
      'lucide-react',
      'zod',
      'date-fns',
      '@remix-run/node',
      // Seen by the scanner through markdown.server.tsx, though only the server runs it.
      'react-markdown',
      'react-dom/server',
      // The kit is linked source, so its dependencies are named through it.
      ...[
        'clsx',
        'tailwind-merge',
        'class-variance-authority',
        '@radix-ui/react-accordion',
        '@radix-ui/react-alert-dialog',
        '@radix-ui/react-checkbox',
        '@radix-ui/react-dialog',
        '@radix-ui/react-label',
        '@radix-ui/react-progress',
        '@radix-ui/react-radio-group',
        '@radix-ui/react-select',
        '@radix-ui/react-slot',
        '@radix-ui/react-tabs',
        '@radix-ui/react-toast',
        '@radix-ui/react-tooltip',
      ].map((name) => `@repo/ui > ${name}`),
    ],
  },
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
});
