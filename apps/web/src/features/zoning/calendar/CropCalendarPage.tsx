import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CropCalendarEntry } from '@agromet/contracts';
import { checkCalendar } from '@agromet/grid';
import { Alert, Button, Form, Input, InputNumber, List, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { ApiError, issuesByField } from '../../../lib/request';
import { logUnlessShown } from '../../../lib/shown-failure';
import { ZoningPage } from '../common/ZoningPage';
import { useCalendars, useDeleteCalendar, useSaveCalendar } from './api';
import { NS } from './i18n';
import { estimateLabelWidth, labelPlacement, timelineBars } from './timeline';
import './calendar.css';
import { RowAction } from '../../../components/admin-list/table-columns';

interface Draft {
  id?: number;
  version?: number;
  cropId: number;
  stages: Array<{ code: string; name: string; start: string; end: string }>;
  refAltitudeM: number;
  refLatDeg: number;
  daysPer100m: number;
  daysPerDegree: number;
  source: string;
}

/** Hopkins' law (docs/crop-calendar.md#shift) as the start of a new calendar. */
const draftOf = (e: CropCalendarEntry): Draft =>
  e.calendar
    ? {
        id: e.calendar.id,
        version: e.calendar.version,
        cropId: e.cropId,
        stages: e.calendar.stages.map((s) => ({ ...s })),
        refAltitudeM: e.calendar.refAltitudeM,
        refLatDeg: e.calendar.refLatDeg,
        daysPer100m: e.calendar.daysPer100m,
        daysPerDegree: e.calendar.daysPerDegree,
        source: e.calendar.source,
      }
    : {
        cropId: e.cropId,
        stages: [{ code: 'stage1', name: '', start: '04-01', end: '04-30' }],
        refAltitudeM: 500,
        refLatDeg: 34,
        daysPer100m: 3.3,
        daysPerDegree: 4,
        source: '',
      };

const LABEL_SIZE = 12;
const STAGE_COLORS = ['#8dd3c7', '#ffffb3', '#bebada', '#fb8072', '#80b1d3', '#fdb462', '#b3de69', '#fccde5', '#d9d9d9', '#bc80bd'];

/** The stages as bars over the twelve months (SVG), each named. */
function Timeline({ stages }: { stages: Draft['stages'] }) {
  const { t } = useTranslation(NS);
  const months = t('months').split(',');
  const W = 720;
  const rowH = 20;
  const H = 20 + stages.length * rowH;
  const bars = timelineBars(stages);
  return (
    <svg className="cc-timeline" data-testid="calendar-timeline" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('timeline')}>
      {months.map((m, k) => (
        <g key={m}>
          <line x1={(W * k) / 12} x2={(W * k) / 12} y1={0} y2={H} stroke="#d9d9d9" />
          <text x={(W * (k + 0.5)) / 12} y={13} textAnchor="middle" fontSize={11} fill="#595959">
            {m}
          </text>
        </g>
      ))}
      {bars.map((b, k) => {
        const name = stages[b.stage]!.name || stages[b.stage]!.code;
        // Inside the bar when it fits, else beside it on the bar's own row, so no name runs across a bar's edge.
        const label = labelPlacement(b, estimateLabelWidth(name, LABEL_SIZE), W);
        return (
          <g key={k} data-stage={stages[b.stage]!.code}>
            <rect
              x={b.from * W}
              y={20 + b.stage * rowH}
              width={Math.max(1, (b.to - b.from) * W)}
              height={rowH - 4}
              rx={3}
              fill={STAGE_COLORS[b.stage % STAGE_COLORS.length]}
              stroke="#8c8c8c"
            />
            <text x={label.x} y={20 + b.stage * rowH + 12} fontSize={LABEL_SIZE} textAnchor={label.anchor} fill="#262626">
              {name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Problems the server named by field; any other refusal under '' (shown above the table). */
function serverIssues(error: unknown): Map<string, string> {
  const out = issuesByField(error);
  if (out.size === 0 && error instanceof ApiError) out.set('', error.message);
  return out;
}

/**
 * /zoning-manage/crop-calendar: the crops with their development stages (docs/crop-calendar.md) — a timeline over the
 * year, the stages to add, edit or remove, and the shift with altitude and latitude. The engine's checks show beside
 * the fields while typing; the server's answer after a refusal.
 */
export function CropCalendarPage() {
  const { t } = useTranslation(NS);
  const calendars = useCalendars();
  const save = useSaveCalendar();
  const remove = useDeleteCalendar();
  const [cropId, setCropId] = useState<number | undefined>();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [server, setServer] = useState<Map<string, string>>(new Map());

  const entry = calendars.data?.find((e) => e.cropId === cropId);
  useEffect(() => {
    if (cropId === undefined && calendars.data?.length) setCropId((calendars.data.find((e) => e.calendar) ?? calendars.data[0])!.cropId);
  }, [calendars.data, cropId]);
  useEffect(() => {
    setDraft(entry ? (entry.calendar ? draftOf(entry) : null) : null);
    setServer(new Map());
  }, [entry]);

  const problems = useMemo(() => {
    const out = new Map<string, string>();
    if (!draft) return out;
    for (const p of checkCalendar(draft)) if (!out.has(p.path.join('.'))) out.set(p.path.join('.'), t(`problem.${p.key}`, p.params ?? {}));
    return out;
  }, [draft, t]);
  const problemAt = (path: string) => server.get(path) ?? problems.get(path);
  const update = (fn: (d: Draft) => Draft) => {
    setDraft((d) => (d ? fn(d) : d));
    setServer(new Map());
  };
  const setStage = (i: number, key: 'code' | 'name' | 'start' | 'end', value: string) =>
    update((d) => ({ ...d, stages: d.stages.map((s, k) => (k === i ? { ...s, [key]: value } : s)) }));

  const submit = async () => {
    if (!draft || problems.size > 0) return;
    const { id, version, ...values } = draft;
    try {
      await save.mutateAsync({ id, version, values });
      toastSuccess(t('saved'));
    } catch (error) {
      setServer(serverIssues(error));
      logUnlessShown(error, 'crop calendar save');
    }
  };
  const onDelete = () =>
    entry?.calendar &&
    confirmDialog({
      title: t('deleteConfirm', { crop: entry.cropName }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(entry.calendar!.id);
        toastSuccess(t('deleted'));
      },
    });

  return (
    <ZoningPage id="crop-calendar" titleKey="cropCalendar" wide data={{ 'data-crop': cropId ?? 0 }}>
      <div className="cc-layout">
        <List
          size="small"
          className="cc-crops"
          header={<Typography.Text strong>{t('crops')}</Typography.Text>}
          loading={calendars.isPending}
          dataSource={calendars.data ?? []}
          renderItem={(e) => (
            <List.Item
              className={e.cropId === cropId ? 'cc-selected' : undefined}
              onClick={() => setCropId(e.cropId)}
              data-crop={e.cropKey || e.cropId}
            >
              {/* The name on its own line, its state under it: in a narrow list a tag beside it broke words apart. */}
              <div className="cc-crop">
                <Typography.Text className="cc-crop-name">{e.cropName}</Typography.Text>
                {e.calendar ? e.calendar.builtIn ? <Tag>{t('builtIn')}</Tag> : null : <Tag color="default">{t('noCalendar')}</Tag>}
              </div>
            </List.Item>
          )}
        />
        <div className="cc-editor" data-testid="calendar-editor">
          {entry && !draft ? (
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDraft(draftOf(entry))}>
              {t('create')}
            </Button>
          ) : null}
          {draft ? (
            <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
              <Typography.Text strong>{t('timeline')}</Typography.Text>
              <Timeline stages={draft.stages} />
              <Typography.Text strong>{t('stages')}</Typography.Text>
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
                              onChange={(e) => setStage(i, key, e.target.value)}
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
                          onClick={() => update((d) => ({ ...d, stages: d.stages.filter((_, k) => k !== i) }))}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Button
                size="small"
                icon={<PlusOutlined aria-hidden />}
                disabled={draft.stages.length >= 16}
                onClick={() =>
                  update((d) => ({ ...d, stages: [...d.stages, { code: `stage${d.stages.length + 1}`, name: '', start: '', end: '' }] }))
                }
              >
                {t('addStage')}
              </Button>
              <Typography.Paragraph strong className="cc-section">
                {t('shift')}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t('shiftHint')}</Typography.Paragraph>
              <Space wrap>
                {(
                  [
                    ['refAltitudeM', 'refAltitude', -500, 9000],
                    ['refLatDeg', 'refLat', -90, 90],
                    ['daysPer100m', 'daysPer100m', -10, 10],
                    ['daysPerDegree', 'daysPerDegree', -10, 10],
                  ] as const
                ).map(([key, label, min, max]) => (
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
                      onChange={(v) => update((d) => ({ ...d, [key]: typeof v === 'number' ? v : 0 }))}
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
              {server.get('') ? <Alert type="error" showIcon title={server.get('')} /> : null}
              <Space>
                <Button
                  id="calendar-save"
                  type="primary"
                  loading={save.isPending}
                  disabled={problems.size > 0}
                  onClick={() => void submit()}
                >
                  {t('save')}
                </Button>
                {entry?.calendar ? (
                  <Button danger onClick={onDelete}>
                    {t('delete')}
                  </Button>
                ) : null}
              </Space>
            </Form>
          ) : null}
        </div>
      </div>
    </ZoningPage>
  );
}
