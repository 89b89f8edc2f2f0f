import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/admin-list/ListPage';
import './downloads.css';
import { NS } from './i18n';
import { LibraryTab } from './library/LibraryTab';
import { StationTableTab } from './station-table/StationTableTab';

/**
 * /make-manage/make-download: the library of everything made for the customer (map and risk products, issued forecast
 * files, zoning products, station tables) and the forecast values at stations with their CSV and Excel export.
 */
export function DownloadPage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('library');
  return (
    <ListPage id="download-page" titleKey="makeDownload" className="map-panel-page dl-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          { key: 'library', label: t('tabs.library'), children: <LibraryTab /> },
          { key: 'stations', label: t('tabs.stations'), children: <StationTableTab /> },
        ]}
      />
    </ListPage>
  );
}
