import { Outlet } from 'react-router';
import { DocumentTitle } from './DocumentTitle';

/** Root of every route: the guard loader sits on it; it sets the document title. */
export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}
