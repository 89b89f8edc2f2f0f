import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import type { StationTableRow } from '@agromet/contracts';
import { Alert, Button, Empty, Select, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logUnlessShown } from '../../../lib/shown-failure';
import { downloadItem } from '../api/library';
import { useExportStationTable, useForecastCatalog, useStationTable, type StationTableChoice } from '../api/station-table';
import { formatDateTime } from '../format';
import { NS } from '../i18n';
import { leadColumns, pickChoice } from './station-table-rules';
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
  const type = types.find((x) => x.code === choice.type);
  const factor = type?.factors.find((f) => f.code === choice.factor);
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
  const columns = useMemo<TableColumnsType<StationTableRow>>(() => {
    if (!data) return [];
    return [
      { title: t('stations.station'), dataIndex: 'number', fixed: 'left', width: 80 },
      { title: t('stations.name'), dataIndex: 'name', fixed: 'left', width: 110, ellipsis: true },
      { title: t('stations.lon'), dataIndex: 'lon', width: 80, align: 'right' },
      { title: t('stations.lat'), dataIndex: 'lat', width: 70, align: 'right' },
      ...leadColumns(data).map((c) => ({
        title: (
          <Tooltip title={formatDateTime(c.validTime)}>
            <span>{t('stations.lead', { lead: c.lead })}</span>
          </Tooltip>
        ),
        key: `lead-${c.lead}`,
        width: 76,
        align: 'right' as const,
        render: (_: unknown, row: StationTableRow) => {
          const v = row.values[c.index];
          return v === null || v === undefined ? <Typography.Text type="secondary">—</Typography.Text> : v;
        },
      })),
    ];
  }, [data, t]);

  const ready = !!(choice.type && choice.factor && choice.baseTime);
  return (
    <>
      <div className="list-toolbar dl-toolbar">
        <Select
          id="dl-st-type"
          aria-label={t('stations.type')}
          placeholder={t('stations.type')}
          style={{ width: 180 }}
          loading={catalog.isPending}
          value={choice.type}
          options={types.map((x) => ({ value: x.code, label: x.name }))}
          onChange={(code: string) => setChoice(pickChoice(types, { type: code }))}
        />
        <Select
          id="dl-st-factor"
          aria-label={t('stations.factor')}
          placeholder={t('stations.factor')}
          style={{ width: 160 }}
          value={choice.factor}
          showSearch={{ optionFilterProp: 'label' }}
          options={(type?.factors ?? [])
            .filter((f) => f.baseTimes.length > 0)
            .map((f) => ({ value: f.code, label: f.unit ? `${f.name} (${f.unit})` : f.name }))}
          onChange={(code: string) => setChoice(pickChoice(types, { type: choice.type, factor: code }))}
        />
        <Select
          id="dl-st-run"
          aria-label={t('stations.baseTime')}
          placeholder={t('stations.baseTime')}
          style={{ width: 180 }}
          value={choice.baseTime}
          options={(factor?.baseTimes ?? []).map((b) => ({ value: b, label: formatDateTime(b) }))}
          onChange={(baseTime: string) => setChoice({ ...choice, baseTime })}
        />
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
