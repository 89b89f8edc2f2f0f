import '../lib/i18n';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installGlobalErrorCapture, rootErrorOptions } from './error-capture';
import { AppProviders } from './providers';
import { getRouter } from './router';

function AppRouter() {
  return <RouterProvider router={getRouter()} />;
}

installGlobalErrorCapture();

createRoot(document.getElementById('root')!, rootErrorOptions).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
