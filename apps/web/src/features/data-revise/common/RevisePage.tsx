import type { ComponentProps } from 'react';
import { ListPage } from '../../../components/admin-list/ListPage';
import './data-revise.css';

/** Frame of a data-revision administration page in the map panel: heading (the route title), toolbar, content. */
export function RevisePage(props: Omit<ComponentProps<typeof ListPage>, 'className'>) {
  return <ListPage className="map-panel-page dr-page" {...props} />;
}

/** Rows per page of the tables in the map panel, which is narrower and shorter than a full page. */
export const PANEL_PAGE_SIZE = 10;
