import type { ForecastTypeInfo, ProductSchedule, ProductTemplate } from '@agromet/contracts';
import { Button, Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import { useDeleteSchedule, useSaveSchedule, useSchedules } from './api/schedules';
import { NS } from './i18n';
import { useScheduleColumns } from './schedule-columns';
import { ScheduleDialog } from './ScheduleDialog';
import { newScheduleDraft, scheduleDraftOf, scheduleSaveBody, toggledSchedule, type ScheduleDraft } from './schedule-rules';

/**
 * Products made without anyone clicking: each schedule a template and a forecast without its run, made by the server
 * when a newer run is complete or daily at a time; the list shows what each last made, or why it could not.
 */
export function ScheduleTab({ catalog, templates }: { catalog: readonly ForecastTypeInfo[]; templates: readonly ProductTemplate[] }) {
  const { t } = useTranslation(NS);
  const schedules = useSchedules();
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const [draft, setDraft] = useState<ScheduleDraft | null>(null);

  const columns = useScheduleColumns(catalog, {
    onToggle: (s: ProductSchedule, enabled: boolean) =>
      save.mutate(toggledSchedule(s, enabled), {
        onSuccess: () => toastSuccess(t(enabled ? 'schedule.enabledDone' : 'schedule.disabledDone')),
      }),
    onEdit: (s) => setDraft(scheduleDraftOf(s)),
    onDelete: (s) => remove.mutate(s.id, { onSuccess: () => toastSuccess(t('schedule.deleted')) }),
  });

  const submit = () => {
    const body = draft && scheduleSaveBody(draft);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('schedule.saved'));
        setDraft(null);
      },
    });
  };

  return (
    <div className="pd-schedules" data-testid="product-schedules">
      <div className="pd-schedules-head">
        <Typography.Text type="secondary">{t('schedule.intro')}</Typography.Text>
        <Button type="primary" id="schedule-add" onClick={() => setDraft(newScheduleDraft(catalog, templates))}>
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
      <ScheduleDialog draft={draft} setDraft={setDraft} catalog={catalog} templates={templates} saving={save.isPending} onSave={submit} />
    </div>
  );
}
