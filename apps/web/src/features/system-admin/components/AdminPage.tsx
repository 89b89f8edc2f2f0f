import type { ComponentProps } from 'react';
import { ListPage } from '../../../components/admin-list/ListPage';
import '../system-admin.css';

/** Frame of a system-administration page: heading (the route title), toolbar, content. */
export function AdminPage(props: Omit<ComponentProps<typeof ListPage>, 'className'>) {
  return <ListPage className="sa-page" {...props} />;
}
