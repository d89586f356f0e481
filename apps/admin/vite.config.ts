import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    port: Number(process.env.ADMIN_PORT ?? 3002),
    strictPort: true,
    // Same origin for the session cookie: the dev server forwards /api to the API.
    proxy: { '/api': { target: apiUrl, changeOrigin: false } },
  },
  build: {
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across deploys.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router-dom'],
          data: ['@tanstack/react-query', '@tanstack/react-table', 'date-fns'],
          validation: ['@repo/validation'],
        },
      },
    },
  },
  preview: { port: Number(process.env.ADMIN_PORT ?? 3002) },
});
