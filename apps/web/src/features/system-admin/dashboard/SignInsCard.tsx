import { hasRouteAccess } from '@agromet/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Card, List, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EChart } from '../../../components/chart/EChart';
import { request } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';
import { NS } from '../i18n';

const DAYS = 7;

/** Local days, oldest first: the last DAYS days ending today. */
function lastDays(): Array<{ label: string; from: string; to: string }> {
  return Array.from({ length: DAYS }, (_, k) => {
    const day = dayjs().subtract(DAYS - 1 - k, 'day');
    return { label: day.format('MM-DD'), from: day.startOf('day').toISOString(), to: day.endOf('day').toISOString() };
  });
}

/** For administrators: users, sign-ins and failed sign-ins today and over the week, and the latest operations. */
export default function SignInsCard() {
  const { t } = useTranslation(NS);
  const roles = useUserStore((s) => s.roles);
  const days = useMemo(lastDays, []);
  const counts = useQueries({
    queries: days.flatMap((day) =>
      (['ok', 'failed'] as const).map((result) => ({
        queryKey: ['dashboard', 'sign-ins', day.from, result],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          request('logPage', { query: { action: 'login', result, from: day.from, to: day.to, page: 1, size: 1 }, signal, silent: true }),
      })),
    ),
  });
  const users = useQuery({
    queryKey: ['dashboard', 'users'],
    queryFn: ({ signal }) => request('userPage', { query: { page: 1, size: 1 }, signal, silent: true }),
    enabled: hasRouteAccess(roles, { roles: ['sys.user.admin'] }),
  });
  const recent = useQuery({
    queryKey: ['dashboard', 'operations'],
    queryFn: ({ signal }) => request('logPage', { query: { page: 1, size: 5 }, signal, silent: true }),
  });

  const total = (k: number) => counts[k]?.data?.total;
  const ok = days.map((_, i) => total(2 * i));
  const failed = days.map((_, i) => total(2 * i + 1));
  const loaded = ok.every((n) => n !== undefined) && failed.every((n) => n !== undefined);
  const option = useMemo(
    () => ({
      grid: { left: 32, right: 8, top: 28, bottom: 24 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((d) => d.label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('dashboard.signIns'), type: 'bar', stack: 'sign-ins', data: ok, itemStyle: { color: '#409eff' } },
        { name: t('dashboard.failedSignIns'), type: 'bar', stack: 'sign-ins', data: failed, itemStyle: { color: '#f56c6c' } },
      ],
    }),
    // Drawn once every count is in; the counts are part of the option.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, t],
  );

  return (
    <Card title={t('dashboard.title')} extra={<Link to="/system-admin/sys-log">{t('dashboard.openLog')}</Link>}>
      <div className="dashboard-admin-figures">
        {users.data ? <Statistic title={t('dashboard.users')} value={users.data.total} /> : null}
        <Statistic title={t('dashboard.signInsToday')} value={ok[DAYS - 1] ?? '…'} className="dashboard-sign-ins-today" />
        <Statistic
          title={t('dashboard.failedToday')}
          value={failed[DAYS - 1] ?? '…'}
          styles={(failed[DAYS - 1] ?? 0) > 0 ? { content: { color: '#f56c6c' } } : undefined}
          className="dashboard-failed-today"
        />
      </div>
      {loaded ? <EChart option={option} height={180} testId="dashboard-sign-ins-chart" /> : null}
      <Typography.Title level={5}>{t('dashboard.recent')}</Typography.Title>
      <List
        size="small"
        dataSource={recent.data?.list ?? []}
        locale={{ emptyText: t('dashboard.noOperations') }}
        renderItem={(row) => (
          <List.Item className="dashboard-operation">
            <Typography.Text>{row.operatorName || row.username}</Typography.Text>
            <Typography.Text type={row.resultCode === 0 ? undefined : 'danger'}>{row.description || row.action}</Typography.Text>
            <Typography.Text type="secondary">{dayjs(row.createdAt).format('MM-DD HH:mm')}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
