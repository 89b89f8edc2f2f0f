// Setup of the web test project (root vitest.config.ts → setupFiles).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach } from 'vitest';

if (typeof window !== 'undefined' && !window.matchMedia) {
  // antd's responsive helpers need matchMedia, which jsdom lacks.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (typeof window !== 'undefined' && !('ResizeObserver' in globalThis)) {
  // antd's tables, sliders and inputs measure themselves, which jsdom cannot.
  Object.defineProperty(globalThis, 'ResizeObserver', {
    configurable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

afterEach(() => cleanup());

// The web project runs its files one after another in the same module state: a file that switched the console's
// language leaves the next file in zh, the default every test expects (one left in en made another's toasts English).
afterAll(async () => {
  if (i18next.isInitialized && i18next.language !== 'zh') await i18next.changeLanguage('zh');
});
