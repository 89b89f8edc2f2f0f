import type { ForecastTypeInfo, ProductSchedule } from '@agromet/contracts';
import { Button, Popconfirm, Space, Switch, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRunTime } from './format';
import { NS } from './i18n';

/** What the schedule table's rows do: switch a schedule on or off, open it in the dialog, delete it. */
export interface ScheduleRowActions {
  onToggle: (s: ProductSchedule, enabled: boolean) => void;
  onEdit: (s: ProductSchedule) => void;
  onDelete: (s: ProductSchedule) => void;
}

/** The forecast of a schedule in words: type · element, then the mode and its lead or range (with its aggregation). */
function ScheduleForecast({ s, catalog, t }: { s: ProductSchedule; catalog: readonly ForecastTypeInfo[]; t: TFunction }) {
  const f = s.forecast;
  const type = catalog.find((x) => x.code === f.type);
  const typeName = t(`types.${f.type}`, { defaultValue: type?.name ?? f.type });
  const factorName = t(`factors.${f.factor}`, { defaultValue: type?.factors.find((x) => x.code === f.factor)?.name ?? f.factor });
  const leads =
    f.mode === 'lead'
      ? t('make.leadHours', { h: f.lead })
      : `${f.leadFrom}–${t('make.leadHours', { h: f.leadTo })}${f.aggregation ? ` · ${t(`aggregation.${f.aggregation}`)}` : ''}`;
  return (
    <>
      {typeName} · {factorName}
      <br />
      <Typography.Text type="secondary">
        {t(`mode.${f.mode}`)} · {leads}
      </Typography.Text>
    </>
  );
}

/** What a schedule last made (when, from which run, which product), or why it could not, or that it has not yet. */
function ScheduleLast({ s, t }: { s: ProductSchedule; t: TFunction }) {
  if (s.lastError) {
    return (
      <Typography.Text type="danger" className="pd-schedule-error">
        {s.lastError}
      </Typography.Text>
    );
  }
  if (!s.lastProductId || !s.lastRunTime) return <Typography.Text type="secondary">{t('schedule.notYet')}</Typography.Text>;
  return (
    <span className="pd-schedule-last">
      {formatRunTime(s.lastRunTime)}
      <br />
      <Typography.Text type="secondary">
        {t('list.run')} {s.lastBaseTime ? formatRunTime(s.lastBaseTime) : ''} · #{s.lastProductId}
      </Typography.Text>
    </span>
  );
}

function scheduleColumns(
  t: TFunction,
  catalog: readonly ForecastTypeInfo[],
  actions: ScheduleRowActions,
): TableColumnsType<ProductSchedule> {
  return [
    {
      title: t('schedule.name'),
      key: 'name',
      width: '24%',
      render: (_, s) => (
        <>
          <Typography.Text strong ellipsis={{ tooltip: s.name }}>
            {s.name}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary" ellipsis={{ tooltip: s.templateName }}>
            {s.templateName}
          </Typography.Text>
        </>
      ),
    },
    { title: t('schedule.forecast'), key: 'forecast', render: (_, s) => <ScheduleForecast s={s} catalog={catalog} t={t} /> },
    {
      title: t('schedule.trigger'),
      key: 'trigger',
      width: 110,
      render: (_, s) => (s.trigger === 'daily' ? t('schedule.dailyAt', { time: s.time }) : t('schedule.newRun')),
    },
    { title: t('schedule.last'), key: 'last', width: 130, render: (_, s) => <ScheduleLast s={s} t={t} /> },
    {
      title: t('schedule.enabled'),
      key: 'enabled',
      width: 72,
      render: (_, s) => (
        <Switch size="small" checked={s.enabled} aria-label={t('schedule.enabled')} onChange={(on) => actions.onToggle(s, on)} />
      ),
    },
    {
      title: t('schedule.actions'),
      key: 'actions',
      width: 120,
      render: (_, s) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => actions.onEdit(s)}>
            {t('schedule.edit')}
          </Button>
          <Popconfirm title={t('schedule.deleteConfirm', { name: s.name })} onConfirm={() => actions.onDelete(s)}>
            <Button size="small" type="link" danger>
              {t('schedule.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}

/** The schedule table's columns: name and template, forecast, trigger, last made, the switch and the row's actions. */
export function useScheduleColumns(catalog: readonly ForecastTypeInfo[], actions: ScheduleRowActions) {
  const { t, i18n } = useTranslation(NS);
  return useMemo(
    () => scheduleColumns(t, catalog, actions),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- words and names follow the language and the catalogue
    [t, i18n.language, catalog],
  );
}
