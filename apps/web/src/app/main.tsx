import { i18nReady } from '../lib/i18n';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installGlobalErrorCapture, rootErrorOptions } from './error-capture';
import { getRouter } from './router';

function AppRouter() {
  return <RouterProvider router={getRouter()} />;
}

installGlobalErrorCapture();

// The saved language's words first (English and Spanish are their own chunks), so nothing flashes in Chinese.
// antd's providers live in the console layout's chunk: the login page does without them.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!, rootErrorOptions).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
});
