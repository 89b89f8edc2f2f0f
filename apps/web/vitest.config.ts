// TEMPORARY: used only until the repository-root vitest config exists.
// Run from the repository root with: npx vitest run --config apps/web/vitest.config.ts
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
});
