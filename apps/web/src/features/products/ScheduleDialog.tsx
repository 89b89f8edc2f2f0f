import type { ForecastTypeInfo, ProductTemplate } from '@agromet/contracts';
import { Form, Input, Modal, Radio, Select, Switch, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { ForecastFields } from './ForecastFields';
import { NS } from './i18n';
import { clockTime } from './product-rules';
import { clockParts, scheduleSaveBody, type ScheduleDraft } from './schedule-rules';

type SetDraft = Dispatch<SetStateAction<ScheduleDraft | null>>;

/** When the schedule makes its product: on every new run, or daily at a time (HH:MM, 5-minute steps). */
function TriggerFields({ draft, setDraft }: { draft: ScheduleDraft; setDraft: SetDraft }) {
  const { t } = useTranslation(NS);
  const clock = draft.time ? clockParts(draft.time) : null;
  return (
    <>
      <Form.Item label={t('schedule.trigger')}>
        <Radio.Group
          id="schedule-trigger"
          value={draft.trigger}
          onChange={(e) => setDraft({ ...draft, trigger: e.target.value as ScheduleDraft['trigger'] })}
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
            value={clock ? dayjs().hour(clock.hour).minute(clock.minute) : null}
            onChange={(v) => v && setDraft({ ...draft, time: clockTime(v.hour(), v.minute()) })}
          />
        </Form.Item>
      ) : (
        <Typography.Paragraph type="secondary">{t('schedule.newRunHint')}</Typography.Paragraph>
      )}
    </>
  );
}

/** The schedule's fields: name, template, the forecast without its run, the trigger, and whether it is on. */
function ScheduleForm({
  draft,
  setDraft,
  catalog,
  templates,
}: {
  draft: ScheduleDraft;
  setDraft: SetDraft;
  catalog: readonly ForecastTypeInfo[];
  templates: readonly ProductTemplate[];
}) {
  const { t } = useTranslation(NS);
  return (
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
      <TriggerFields draft={draft} setDraft={setDraft} />
      <Form.Item label={t('schedule.enabled')}>
        <Switch id="schedule-enabled" checked={draft.enabled} onChange={(on) => setDraft({ ...draft, enabled: on })} />
      </Form.Item>
    </Form>
  );
}

/** The dialog adding or editing a schedule; save is enabled once the draft makes a request. */
export function ScheduleDialog({
  draft,
  setDraft,
  catalog,
  templates,
  saving,
  onSave,
}: {
  draft: ScheduleDraft | null;
  setDraft: SetDraft;
  catalog: readonly ForecastTypeInfo[];
  templates: readonly ProductTemplate[];
  saving: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      open={draft !== null}
      title={t(draft?.id !== undefined ? 'schedule.editTitle' : 'schedule.addTitle')}
      onCancel={() => setDraft(null)}
      onOk={onSave}
      okText={t('schedule.save')}
      okButtonProps={{ id: 'schedule-save', disabled: !draft || !scheduleSaveBody(draft), loading: saving }}
      width={640}
      destroyOnHidden
    >
      {draft ? <ScheduleForm draft={draft} setDraft={setDraft} catalog={catalog} templates={templates} /> : null}
    </Modal>
  );
}
