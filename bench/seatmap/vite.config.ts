import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The seat-map benchmark page: `npx vite build --config bench/seatmap/vite.config.ts` → bench/seatmap/dist. */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 5000,
    rolldownOptions: { input: { page: fileURLToPath(new URL('page.html', import.meta.url)) } },
  },
  worker: { format: 'es' },
});
