import { REVISE_RECOVERY, REVISE_SUBMIT, type ForecastTypeInfo } from '@agromet/contracts';
import { hasRouteAccess } from '@agromet/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Card, Empty, Progress, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legendUrl, resolveSelection, wmsParams } from '../../../components/map/map-rules';
import { getToken } from '../../../lib/auth-storage';
import { request } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';
import { NS } from '../i18n';
import { runCompleteness } from './run-completeness';

const MAP_HEIGHT = 200;

/**
 * The map's size and box for a grid's extent: the whole grid at MAP_HEIGHT pixels high, with square degrees (the
 * grids are regular in longitude and latitude). EPSG:4326 in WMS 1.3.0 orders the box latitude first.
 */
export function mapFrame(extent: { west: number; south: number; east: number; north: number }): {
  width: number;
  height: number;
  bbox: string;
} {
  const width = Math.max(1, Math.min(480, Math.round((MAP_HEIGHT * (extent.east - extent.west)) / (extent.north - extent.south))));
  return { width, height: MAP_HEIGHT, bbox: [extent.south, extent.west, extent.north, extent.east].map((v) => v.toFixed(4)).join(',') };
}

/** Today's runs per forecast type: how complete the newest run is, revisions today and whether it was issued; a small map. */
export default function ForecastRunsCard() {
  const { t, i18n } = useTranslation(NS);
  const roles = useUserStore((s) => s.roles);
  const catalog = useQuery({ queryKey: ['dashboard', 'catalog'], queryFn: ({ signal }) => request('gridCatalog', { signal }) });
  const types = (catalog.data ?? []).map((type) => ({ type, run: runCompleteness(type) })).filter((r) => r.run !== null);
  const canSeeRecords = hasRouteAccess(roles, { roles: [REVISE_RECOVERY] });
  const canSeeIssues = hasRouteAccess(roles, { roles: [REVISE_SUBMIT] });
  const startOfDay = dayjs().startOf('day').toISOString();

  const revisions = useQueries({
    queries: types.map(({ type }) => ({
      queryKey: ['dashboard', 'revisions', type.code, startOfDay],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request('recordList', { query: { type: type.code, from: startOfDay, page: 1, size: 1 }, signal, silent: true }),
      enabled: canSeeRecords,
    })),
  });
  const issues = useQueries({
    queries: types.map(({ type, run }) => ({
      queryKey: ['dashboard', 'issued', type.code, run!.baseTime],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request('fileStateList', { query: { type: type.code, baseTime: run!.baseTime, page: 1, size: 1 }, signal, silent: true }),
      enabled: canSeeIssues,
    })),
  });

  const temperature = resolveSelection(catalog.data ?? [], { type: types[0]?.type.code ?? '', factor: 'tmp', baseTime: '', lead: 0 });
  const extent = catalog.data?.find((t) => t.code === temperature?.type)?.extent;
  const frame = temperature?.factor === 'tmp' && extent ? mapFrame(extent) : null;
  const token = getToken() ?? '';
  const map =
    temperature && frame
      ? `/api/wms?${new URLSearchParams({
          SERVICE: 'WMS',
          REQUEST: 'GetMap',
          CRS: 'EPSG:4326',
          BBOX: frame.bbox,
          WIDTH: String(frame.width),
          HEIGHT: String(frame.height),
          ...Object.fromEntries(Object.entries(wmsParams(temperature, token, undefined, 'smooth')).map(([k, v]) => [k, String(v)])),
        }).toString()}`
      : null;

  return (
    <Card
      title={t('dashboard.title')}
      loading={catalog.isPending}
      extra={<Link to="/data-revise/surface-revise">{t('dashboard.open')}</Link>}
    >
      {types.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noGrids')} />
      ) : (
        <>
          <Table<{ type: ForecastTypeInfo; index: number }>
            size="small"
            pagination={false}
            rowKey={(r) => r.type.code}
            dataSource={types.map(({ type }, index) => ({ type, index }))}
            columns={[
              { title: t('dashboard.type'), render: (_, r) => r.type.name },
              { title: t('dashboard.run'), render: (_, r) => dayjs(types[r.index]!.run!.baseTime).format('MM-DD HH:mm') },
              {
                title: t('dashboard.leads'),
                render: (_, r) => {
                  const run = types[r.index]!.run!;
                  return (
                    <span className="dashboard-run-leads" data-type={r.type.code}>
                      <Progress
                        percent={Math.round((100 * run.leadsPresent) / run.leadsExpected)}
                        size="small"
                        format={() => `${run.leadsPresent}/${run.leadsExpected}`}
                        status={run.leadsPresent < run.leadsExpected ? 'active' : 'success'}
                      />
                      <Typography.Text type="secondary">
                        {t('dashboard.factors', { present: run.factorsPresent, stored: run.factorsStored })}
                      </Typography.Text>
                    </span>
                  );
                },
              },
              ...(canSeeRecords
                ? [
                    {
                      title: t('dashboard.revisionsToday'),
                      render: (_: unknown, r: { index: number }) => revisions[r.index]?.data?.total ?? '…',
                    },
                  ]
                : []),
              ...(canSeeIssues
                ? [
                    {
                      title: t('dashboard.issued'),
                      render: (_: unknown, r: { index: number }) => {
                        const total = issues[r.index]?.data?.total;
                        if (total === undefined) return '…';
                        return total > 0 ? <Tag color="success">{t('dashboard.issuedYes')}</Tag> : <Tag>{t('dashboard.issuedNo')}</Tag>;
                      },
                    },
                  ]
                : []),
            ]}
          />
          {map && temperature ? (
            <figure className="dashboard-run-map">
              <img src={map} width={frame!.width} height={frame!.height} alt={t('dashboard.mapAlt')} id="dashboard-temperature-map" />
              <img src={legendUrl('/api/wms', temperature, token, 'nearest', i18n.language)} alt="" className="dashboard-run-legend" />
              <figcaption>{t('dashboard.mapCaption', { time: dayjs(temperature.baseTime).format('MM-DD HH:mm') })}</figcaption>
            </figure>
          ) : null}
        </>
      )}
    </Card>
  );
}
