import { Outlet, useNavigation } from 'react-router';
import { TopProgressBar } from '../components/top-progress/TopProgressBar';
import { DocumentTitle } from './DocumentTitle';

/** Root of every route: the guard loader sits on it; it sets the document title and shows navigation progress. */
export function RootLayout() {
  // Navigations include the guard check and loading the target's lazy chunks.
  const navigating = useNavigation().state !== 'idle';
  return (
    <>
      <TopProgressBar active={navigating} />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
