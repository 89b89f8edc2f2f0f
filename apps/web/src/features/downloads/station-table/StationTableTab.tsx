import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import type { StationTableRow } from '@agromet/contracts';
import { Alert, Button, Empty, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logUnlessShown } from '../../../lib/shown-failure';
import { downloadItem } from '../api/library';
import { useExportStationTable, useForecastCatalog, useStationTable, type StationTableChoice } from '../api/station-table';
import { NS } from '../i18n';
import { pickChoice } from './station-table-rules';
import { StationChoice } from './StationChoice';
import { useStationColumns } from './StationColumns';
import { useFeedback } from '../../../lib/feedback';

/** Forecast values at stations: a chosen forecast at every station over its lead times; export as CSV or Excel. */
export function StationTableTab() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const catalog = useForecastCatalog();
  const [choice, setChoice] = useState<StationTableChoice>({});
  const types = useMemo(() => catalog.data ?? [], [catalog.data]);
  // The first type, factor and run with grids to start with; a choice that no longer exists is replaced.
  useEffect(() => {
    setChoice((c) => pickChoice(types, c));
  }, [types]);
  const table = useStationTable(choice);
  const exporter = useExportStationTable();

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const item = await exporter.mutateAsync({ type: choice.type!, factor: choice.factor!, baseTime: choice.baseTime, format });
      void message.success(t('stations.exported', { name: item.name }));
      await downloadItem(item);
    } catch (e) {
      logUnlessShown(e, 'export');
    }
  };

  const data = table.data;
  const columns = useStationColumns(data);

  const ready = !!(choice.type && choice.factor && choice.baseTime);
  return (
    <>
      <div className="list-toolbar dl-toolbar">
        <StationChoice types={types} loading={catalog.isPending} choice={choice} onChange={setChoice} />
        <span className="list-toolbar-spacer" />
        <Space>
          <Button
            id="dl-st-csv"
            icon={<FileTextOutlined aria-hidden />}
            disabled={!ready || !data}
            loading={exporter.isPending && exporter.variables?.format === 'csv'}
            onClick={() => void exportAs('csv')}
          >
            {t('stations.exportCsv')}
          </Button>
          <Button
            id="dl-st-xlsx"
            icon={<FileExcelOutlined aria-hidden />}
            disabled={!ready || !data}
            loading={exporter.isPending && exporter.variables?.format === 'xlsx'}
            onClick={() => void exportAs('xlsx')}
          >
            {t('stations.exportXlsx')}
          </Button>
        </Space>
      </div>
      {!ready && !catalog.isPending ? <Empty description={t('stations.pick')} /> : null}
      {data && data.stations.length === 0 ? <Alert type="info" showIcon message={t('stations.noStations')} /> : null}
      {data ? (
        <Typography.Paragraph type="secondary" className="dl-st-summary">
          {t('stations.summary', { stations: data.stations.length, leads: data.leads.length, unit: data.unit })}
        </Typography.Paragraph>
      ) : null}
      {ready ? (
        <Table<StationTableRow>
          id="dl-station-table"
          size="small"
          rowKey="id"
          bordered
          columns={columns}
          dataSource={data?.stations ?? []}
          loading={table.isFetching}
          pagination={false}
          scroll={{ x: 'max-content', y: 'calc(100vh - 360px)' }}
        />
      ) : null}
    </>
  );
}
