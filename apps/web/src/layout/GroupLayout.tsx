import { Outlet, useMatches } from 'react-router';

/**
 * Frame of a route group's pages. A later issue puts the full-page map behind them; for now it
 * is a plain container that names its group.
 */
export function GroupLayout() {
  const matches = useMatches();
  const group = matches.find((m) => m.id !== 'root' && m.id !== 'frame');
  return (
    <div className="group-layout" data-layout="map" data-group={group?.id}>
      <Outlet />
    </div>
  );
}
