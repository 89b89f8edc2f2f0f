import type { ForecastTypeInfo, ProductSchedule, ProductTemplate } from '@agromet/contracts';
import { Button, Empty, Form, Input, Modal, Popconfirm, Radio, Select, Space, Switch, Table, TimePicker, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import { useDeleteSchedule, useSaveSchedule, useSchedules } from './api/schedules';
import { ForecastFields } from './ForecastFields';
import { formatRunTime } from './format';
import { NS } from './i18n';
import { clockTime, initialForecast, scheduleForecastBody, type ForecastForm } from './product-rules';

interface Draft {
  id?: number;
  version?: number;
  name: string;
  enabled: boolean;
  templateId?: number;
  forecast: ForecastForm;
  trigger: ProductSchedule['trigger'];
  time?: string;
  /** The boundary layer the area is chosen from (before an area is). */
  layerId?: string;
}

/**
 * Products made without anyone clicking: each schedule a template and a forecast without its run, made by the server
 * when a newer run is complete or daily at a time; the list shows what each last made, or why it could not.
 */
export function ScheduleTab({ catalog, templates }: { catalog: readonly ForecastTypeInfo[]; templates: readonly ProductTemplate[] }) {
  const { t, i18n } = useTranslation(NS);
  const schedules = useSchedules();
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const [draft, setDraft] = useState<Draft | null>(null);

  const typeName = (code: string) => t(`types.${code}`, { defaultValue: catalog.find((x) => x.code === code)?.name ?? code });
  const factorName = (type: string, code: string) =>
    t(`factors.${code}`, { defaultValue: catalog.find((x) => x.code === type)?.factors.find((f) => f.code === code)?.name ?? code });
  const leadsText = (f: ProductSchedule['forecast']) =>
    f.mode === 'lead'
      ? t('make.leadHours', { h: f.lead })
      : `${f.leadFrom}–${t('make.leadHours', { h: f.leadTo })}${f.aggregation ? ` · ${t(`aggregation.${f.aggregation}`)}` : ''}`;

  const toggle = (s: ProductSchedule, enabled: boolean) =>
    save.mutate(
      {
        id: s.id,
        version: s.version,
        name: s.name,
        enabled,
        templateId: s.templateId,
        forecast: s.forecast,
        trigger: s.trigger,
        ...(s.time ? { time: s.time } : {}),
      },
      { onSuccess: () => toastSuccess(t(enabled ? 'schedule.enabledDone' : 'schedule.disabledDone')) },
    );

  const columns = useMemo<TableColumnsType<ProductSchedule>>(
    () => [
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
      {
        title: t('schedule.forecast'),
        key: 'forecast',
        render: (_, s) => (
          <>
            {typeName(s.forecast.type)} · {factorName(s.forecast.type, s.forecast.factor)}
            <br />
            <Typography.Text type="secondary">
              {t(`mode.${s.forecast.mode}`)} · {leadsText(s.forecast)}
            </Typography.Text>
          </>
        ),
      },
      {
        title: t('schedule.trigger'),
        key: 'trigger',
        width: 110,
        render: (_, s) => (s.trigger === 'daily' ? t('schedule.dailyAt', { time: s.time }) : t('schedule.newRun')),
      },
      {
        title: t('schedule.last'),
        key: 'last',
        width: 130,
        render: (_, s) =>
          s.lastError ? (
            <Typography.Text type="danger" className="pd-schedule-error">
              {s.lastError}
            </Typography.Text>
          ) : s.lastProductId && s.lastRunTime ? (
            <span className="pd-schedule-last">
              {formatRunTime(s.lastRunTime)}
              <br />
              <Typography.Text type="secondary">
                {t('list.run')} {s.lastBaseTime ? formatRunTime(s.lastBaseTime) : ''} · #{s.lastProductId}
              </Typography.Text>
            </span>
          ) : (
            <Typography.Text type="secondary">{t('schedule.notYet')}</Typography.Text>
          ),
      },
      {
        title: t('schedule.enabled'),
        key: 'enabled',
        width: 72,
        render: (_, s) => <Switch size="small" checked={s.enabled} aria-label={t('schedule.enabled')} onChange={(on) => toggle(s, on)} />,
      },
      {
        title: t('schedule.actions'),
        key: 'actions',
        width: 120,
        render: (_, s) => (
          <Space size={4}>
            <Button
              size="small"
              type="link"
              onClick={() =>
                setDraft({
                  id: s.id,
                  version: s.version,
                  name: s.name,
                  enabled: s.enabled,
                  templateId: s.templateId,
                  forecast: { ...s.forecast },
                  trigger: s.trigger,
                  time: s.time ?? undefined,
                  layerId: s.forecast.areaCode?.split(':')[0],
                })
              }
            >
              {t('schedule.edit')}
            </Button>
            <Popconfirm
              title={t('schedule.deleteConfirm', { name: s.name })}
              onConfirm={() => remove.mutate(s.id, { onSuccess: () => toastSuccess(t('schedule.deleted')) })}
            >
              <Button size="small" type="link" danger>
                {t('schedule.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- words and names follow the language and the catalogue
    [t, i18n.language, catalog],
  );

  const open = () =>
    setDraft({
      name: '',
      enabled: true,
      templateId: templates[0]?.id,
      forecast: initialForecast(catalog),
      trigger: 'new-run',
      time: '08:00',
    });
  const forecast = draft ? scheduleForecastBody(draft.forecast) : null;
  const submit = () => {
    if (!draft || !forecast || draft.templateId === undefined) return;
    save.mutate(
      {
        ...(draft.id !== undefined ? { id: draft.id, version: draft.version } : {}),
        name: draft.name,
        enabled: draft.enabled,
        templateId: draft.templateId,
        forecast,
        trigger: draft.trigger,
        ...(draft.trigger === 'daily' && draft.time ? { time: draft.time } : {}),
      },
      {
        onSuccess: () => {
          toastSuccess(t('schedule.saved'));
          setDraft(null);
        },
      },
    );
  };

  return (
    <div className="pd-schedules" data-testid="product-schedules">
      <div className="pd-schedules-head">
        <Typography.Text type="secondary">{t('schedule.intro')}</Typography.Text>
        <Button type="primary" id="schedule-add" onClick={open}>
          {t('schedule.add')}
        </Button>
      </div>
      {schedules.data && schedules.data.length === 0 ? (
        <Empty description={t('schedule.empty')} />
      ) : (
        <Table
          id="schedule-table"
          size="small"
          rowKey="id"
          loading={schedules.isPending}
          dataSource={schedules.data ?? []}
          columns={columns}
          pagination={false}
          tableLayout="fixed"
        />
      )}
      <Modal
        open={draft !== null}
        title={t(draft?.id !== undefined ? 'schedule.editTitle' : 'schedule.addTitle')}
        onCancel={() => setDraft(null)}
        onOk={submit}
        okText={t('schedule.save')}
        okButtonProps={{
          id: 'schedule-save',
          disabled: !draft?.name.trim() || !forecast || draft.templateId === undefined,
          loading: save.isPending,
        }}
        width={640}
        destroyOnHidden
      >
        {draft ? (
          <Form layout="vertical" className="pd-form">
            <Form.Item label={t('schedule.name')} htmlFor="schedule-name" required>
              <Input id="schedule-name" maxLength={64} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            </Form.Item>
            <Form.Item label={t('make.template')} htmlFor="schedule-template">
              <Select
                id="schedule-template"
                value={draft.templateId}
                options={templates.map((x) => ({ value: x.id, label: x.name }))}
                onChange={(id: number) => setDraft({ ...draft, templateId: id })}
              />
            </Form.Item>
            <ForecastFields
              catalog={catalog}
              value={draft.forecast}
              onChange={(f) => setDraft((d) => d && { ...d, forecast: f })}
              layerId={draft.layerId}
              onLayerChange={(id) => setDraft((d) => d && { ...d, layerId: id })}
              withRun={false}
            />
            <Form.Item label={t('schedule.trigger')}>
              <Radio.Group
                id="schedule-trigger"
                value={draft.trigger}
                onChange={(e) => setDraft({ ...draft, trigger: e.target.value as Draft['trigger'] })}
                options={[
                  { value: 'new-run', label: t('schedule.newRun') },
                  { value: 'daily', label: t('schedule.daily') },
                ]}
              />
            </Form.Item>
            {draft.trigger === 'daily' ? (
              <Form.Item label={t('schedule.time')} htmlFor="schedule-time" extra={t('schedule.timeHint')}>
                <TimePicker
                  id="schedule-time"
                  format="HH:mm"
                  minuteStep={5}
                  allowClear={false}
                  value={
                    draft.time
                      ? dayjs()
                          .hour(Number(draft.time.slice(0, 2)))
                          .minute(Number(draft.time.slice(3)))
                      : null
                  }
                  onChange={(v) => v && setDraft({ ...draft, time: clockTime(v.hour(), v.minute()) })}
                />
              </Form.Item>
            ) : (
              <Typography.Paragraph type="secondary">{t('schedule.newRunHint')}</Typography.Paragraph>
            )}
            <Form.Item label={t('schedule.enabled')}>
              <Switch id="schedule-enabled" checked={draft.enabled} onChange={(on) => setDraft({ ...draft, enabled: on })} />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
    </div>
  );
}
