import type { ComponentProps } from 'react';
import { ListPage } from '../../../components/admin-list/ListPage';
import './zoning.css';

/** Frame of a zoning page in the map panel: heading (the route title), toolbar, content. */
export function ZoningPage({ wide, ...props }: Omit<ComponentProps<typeof ListPage>, 'className'> & { wide?: boolean }) {
  return <ListPage className={wide ? 'map-panel-page zn-page zn-page-wide' : 'map-panel-page zn-page'} {...props} />;
}

/** Rows per page of the tables in the map panel, which is narrower and shorter than a full page. */
export const PANEL_PAGE_SIZE = 10;
