import { Tabs, type TabsProps } from 'antd';
import { useState } from 'react';
import { ListPage } from './ListPage';

/**
 * A page (ListPage's frame) whose content is tabs, the first open at the start; the open tab's key stands in the
 * page's `data-tab` beside its own `data` (for tests and tooling).
 */
export function TabbedPage({
  tabs,
  data,
  ...page
}: Omit<Parameters<typeof ListPage>[0], 'children' | 'toolbar'> & { tabs: NonNullable<TabsProps['items']> }) {
  const [tab, setTab] = useState(tabs[0]?.key);
  return (
    <ListPage {...page} data={{ ...data, 'data-tab': tab ?? '' }}>
      <Tabs activeKey={tab} onChange={setTab} size="small" items={tabs} />
    </ListPage>
  );
}
