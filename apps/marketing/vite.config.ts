import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { COMMONJS_OPTIONS, REACT_PRODUCTION_FILES } from './react-module-code';
import { siteChunk } from './site-chunk';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild, command }) => ({
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
    // A .br and a .gz beside every browser file worth compressing, served as they are by
    // server/serve.js (issue 13). The server bundle is never sent to a browser.
    ...(isSsrBuild
      ? []
      : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 256 })]),
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
      '@repo/content > react-markdown',
      'react-dom/server',
      // The kit is linked source, so its dependencies are named through it.
      ...[
        'clsx',
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
  build: isSsrBuild
    ? {}
    : {
        // Terser, two passes, over esbuild's default: some 4 KB less gzip on every
        // page, where the content pages' budget is 100 KB (issue 13).
        minify: 'terser' as const,
        terserOptions: { compress: { passes: 2 } },
        rollupOptions: { output: { manualChunks: siteChunk } },
        // React DOM as module code, not one function run at evaluation (react-module-code.ts).
        commonjsOptions: COMMONJS_OPTIONS,
      },
  resolve: {
    alias: [
      { find: '~', replacement: new URL('./app', import.meta.url).pathname },
      ...(command === 'build' && !isSsrBuild ? REACT_PRODUCTION_FILES : []),
    ],
  },
}));
