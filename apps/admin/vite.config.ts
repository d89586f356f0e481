import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiUrl = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // A .br and a .gz beside every file worth compressing, sent as they are by
    // server/serve.js (issue 13).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 256 }),
  ],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    port: Number(process.env.ADMIN_PORT ?? 3002),
    strictPort: true,
    // Same origin for the session cookie: the dev server forwards /api to the API.
    proxy: { '/api': { target: apiUrl, changeOrigin: false } },
  },
  build: {
    // Terser with two passes writes some 4% less than esbuild's minifier: room
    // under the 150 KB first-load budget (issue 13).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        // React and the router change less often than the app: a separate file stays
        // cached across deploys. Everything else is split by Rollup along the lazy
        // pages and tabs, so each loads only with the screen that needs it.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query'],
        },
      },
    },
  },
  preview: { port: Number(process.env.ADMIN_PORT ?? 3002) },
});
