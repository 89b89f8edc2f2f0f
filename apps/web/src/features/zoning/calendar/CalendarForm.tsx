import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/admin-list/table-columns';
import { MAX_STAGES, SHIFT_FIELDS, shiftValue, withNewStage, withoutStage, withStageField, type CalendarDraft } from './calendar-draft';
import { NS } from './i18n';
import { Timeline } from './Timeline';
import type { CalendarDraftState } from './use-calendar-draft';

type EditorProps = { draft: CalendarDraft } & Pick<CalendarDraftState, 'update' | 'problemAt'>;

/** One stage per row (code, name, start, end, each with its problem under it) and its remove button. */
function StagesTable({ draft, update, problemAt }: EditorProps) {
  const { t } = useTranslation(NS);
  return (
    <table className="cc-stages" data-testid="calendar-stages">
      <thead>
        <tr>
          <th>{t('code')}</th>
          <th>{t('name')}</th>
          <th>{t('start')}</th>
          <th>{t('end')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {draft.stages.map((s, i) => (
          <tr key={i} data-stage={s.code}>
            {(['code', 'name', 'start', 'end'] as const).map((key) => {
              const problem = problemAt(`stages.${i}.${key}`);
              return (
                <td key={key}>
                  <Input
                    aria-label={`${t(key)} ${i + 1}`}
                    value={s[key]}
                    maxLength={key === 'start' || key === 'end' ? 5 : 32}
                    placeholder={key === 'name' ? t('namePlaceholder') : key === 'code' ? undefined : 'MM-DD'}
                    status={problem ? 'error' : undefined}
                    onChange={(e) => update((d) => withStageField(d, i, key, e.target.value))}
                  />
                  {problem ? (
                    <div className="cc-problem" data-testid={`calendar-problem-${i}-${key}`}>
                      {problem}
                    </div>
                  ) : null}
                </td>
              );
            })}
            <td>
              <RowAction
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                label={`${t('removeStage')} ${i + 1}`}
                tip={t('removeStage')}
                disabled={draft.stages.length <= 1}
                onClick={() => update((d) => withoutStage(d, i))}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The shift with altitude and latitude (Hopkins' law) and the calendar's source. */
function ShiftFields({ draft, update, problemAt }: EditorProps) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Typography.Paragraph strong className="cc-section">
        {t('shift')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('shiftHint')}</Typography.Paragraph>
      <Space wrap>
        {SHIFT_FIELDS.map(([key, label, min, max]) => (
          <Form.Item
            key={key}
            label={t(label)}
            htmlFor={`calendar-${key}`}
            help={problemAt(key)}
            validateStatus={problemAt(key) ? 'error' : undefined}
          >
            <InputNumber
              id={`calendar-${key}`}
              min={min}
              max={max}
              value={draft[key]}
              onChange={(v) => update((d) => ({ ...d, [key]: shiftValue(v) }))}
            />
          </Form.Item>
        ))}
      </Space>
      <Form.Item label={t('source')} htmlFor="calendar-source">
        <Input.TextArea
          id="calendar-source"
          rows={2}
          maxLength={500}
          value={draft.source}
          onChange={(e) => update((d) => ({ ...d, source: e.target.value }))}
        />
      </Form.Item>
    </>
  );
}

/** A crop's calendar: its timeline, its stages, the shift, the server's refusal, save and (for a stored one) delete. */
export function CalendarForm({ draft, editor }: { draft: CalendarDraft; editor: CalendarDraftState }) {
  const { t } = useTranslation(NS);
  const { update, problemAt } = editor;
  return (
    <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
      <Typography.Text strong>{t('timeline')}</Typography.Text>
      <Timeline stages={draft.stages} />
      <Typography.Text strong>{t('stages')}</Typography.Text>
      <StagesTable draft={draft} update={update} problemAt={problemAt} />
      <Button
        size="small"
        icon={<PlusOutlined aria-hidden />}
        disabled={draft.stages.length >= MAX_STAGES}
        onClick={() => update(withNewStage)}
      >
        {t('addStage')}
      </Button>
      <ShiftFields draft={draft} update={update} problemAt={problemAt} />
      {editor.serverRefusal ? <Alert type="error" showIcon title={editor.serverRefusal} /> : null}
      <Space>
        <Button id="calendar-save" type="primary" loading={editor.saving} disabled={!editor.canSave} onClick={() => void editor.submit()}>
          {t('save')}
        </Button>
        {editor.entry?.calendar ? (
          <Button danger onClick={editor.onDelete}>
            {t('delete')}
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}
