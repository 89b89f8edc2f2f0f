import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server (apps/server) listens here in development; `vite` proxies every /api call to it. */
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: `npm run size` walks it to sum what each page loads.
    manifest: true,
    // antd is one large chunk by nature; every page is its own lazy chunk.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's @rc-component packages declare no side effects, so a bundler must keep every module of one they
        // reach: antd's form context alone, on every page, brought the whole form engine and its validator. They have
        // none (each module only defines components and hooks); this lets the unused ones go.
        moduleSideEffects: (id) => !/node_modules\/@rc-component\/[^/]+\//.test(id),
      },
    },
  },
});
