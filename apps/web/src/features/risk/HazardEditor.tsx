import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Hazard, HazardCondition, HazardKind, HazardStage } from '@agromet/contracts';
import { HAZARD_KINDS, RISK_LEVEL_COLORS } from '@agromet/contracts/web';
import { Alert, Button, Form, Input, InputNumber, List, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastSuccess } from '../../lib/feedback';
import { ApiError, issuesByField } from '../../lib/request';
import { logUnlessShown } from '../../lib/shown-failure';
import { useCatalog, useDeleteHazard, useHazards, useSaveHazard } from './api/hazards';
import { NS } from './i18n';
import { draftProblems, LEVELS, thresholdText } from './risk-rules';

interface Draft {
  id?: number;
  version?: number;
  name: string;
  kind: HazardKind;
  forecastType: string;
  description: string;
  conditions: HazardCondition[];
  stages: HazardStage[];
}

const emptyDraft = (): Draft => ({
  name: '',
  kind: 'custom',
  forecastType: 'fine-grid',
  description: '',
  conditions: [{ element: 'tmin24h', op: 'le', thresholds: [0, -2, -4, -6] }],
  stages: [],
});

const draftOf = (h: Hazard): Draft => ({
  id: h.id,
  version: h.version,
  name: h.name,
  kind: h.kind,
  forecastType: h.forecastType,
  description: h.description,
  conditions: h.conditions.map(({ element, op, thresholds, offset }) => ({
    element,
    op,
    thresholds: [...thresholds] as HazardCondition['thresholds'],
    ...(offset !== undefined ? { offset } : {}),
  })),
  stages: h.stages.map(({ crop, stage, vulnerability }) => ({ crop, stage, vulnerability })),
});

/** Problems the server named by field (data.issues, else the refusal's data.field); any other refusal under ''. */
function serverIssues(error: unknown): Map<string, string> {
  const out = issuesByField(error);
  if (!(error instanceof ApiError)) return out;
  const field = (error.data as { field?: string } | null)?.field;
  if (field && !out.has(field)) out.set(field, error.message);
  if (out.size === 0) out.set('', error.message);
  return out;
}

/**
 * The hazard definitions: a list to pick from, and the editor of one — name, kind, forecast type, and per condition
 * an element, ≤ or ≥, and the thresholds of levels IV…I under their warning colours (empty: level not used). Problems
 * show beside their cells while typing (the engine's checks) and after a refusal (the server's message).
 */
export function HazardEditor() {
  const { t } = useTranslation(NS);
  const hazards = useHazards();
  const catalog = useCatalog();
  const save = useSaveHazard();
  const remove = useDeleteHazard();
  const [selected, setSelected] = useState<number | 'new' | undefined>();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [server, setServer] = useState<Map<string, string>>(new Map());
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (selected === undefined && hazards.data?.length) setSelected(hazards.data[0]!.id);
  }, [hazards.data, selected]);
  useEffect(() => {
    if (selected === 'new') return;
    const h = hazards.data?.find((x) => x.id === selected);
    if (h) setDraft(draftOf(h));
  }, [selected, hazards.data]);

  /** Crops the hazards name (key → name in the reader's language), for a new stage row. */
  const crops = useMemo(() => {
    const out = new Map<string, string>();
    for (const h of hazards.data ?? []) for (const st of h.stages) out.set(st.crop, st.cropName);
    return out;
  }, [hazards.data]);
  const setStage = (i: number, fn: (st: HazardStage) => HazardStage) =>
    update((d) => ({ ...d, stages: d.stages.map((st, k) => (k === i ? fn(st) : st)) }));
  const type = catalog.data?.find((x) => x.code === draft?.forecastType);
  const elements = useMemo(() => (type?.factors ?? []).filter((f) => f.code !== 'wdir'), [type]);
  const problems = useMemo(() => (draft ? draftProblems(draft.conditions) : new Map<string, string>()), [draft]);
  const problemAt = (path: string) => server.get(path) ?? (problems.has(path) ? t(`problem.${problems.get(path)}`, { max: 4 }) : undefined);

  const update = (fn: (d: Draft) => Draft) => {
    setDraft((d) => (d ? fn(d) : d));
    setServer(new Map());
  };
  const setCondition = (i: number, fn: (c: HazardCondition) => HazardCondition) =>
    update((d) => ({ ...d, conditions: d.conditions.map((c, k) => (k === i ? fn(c) : c)) }));

  const submit = async () => {
    if (!draft) return;
    setTried(true);
    if (!draft.name.trim() || problems.size > 0) return;
    const fields = {
      name: draft.name.trim(),
      kind: draft.kind,
      forecastType: draft.forecastType,
      description: draft.description,
      conditions: draft.conditions,
      stages: draft.stages,
    };
    try {
      const saved = await save.mutateAsync(draft.id ? { id: draft.id, version: draft.version!, ...fields } : fields);
      setSelected(saved.id);
      setDraft(draftOf(saved));
      setTried(false);
      toastSuccess(t('hazard.saved'));
    } catch (error) {
      setServer(serverIssues(error));
      logUnlessShown(error, 'risk hazard save');
    }
  };

  const onDelete = (h: Hazard) =>
    confirmDialog({
      title: t('hazard.deleteConfirm', { name: h.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(h.id);
        setSelected(undefined);
        toastSuccess(t('hazard.deleted'));
      },
    });

  return (
    <div className="rk-hazards" data-testid="risk-hazards">
      <div className="rk-section-title">
        <Typography.Text strong>{t('hazard.list')}</Typography.Text>
        <Button
          size="small"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => {
            setSelected('new');
            setDraft(emptyDraft());
            setServer(new Map());
            setTried(false);
          }}
        >
          {t('hazard.add')}
        </Button>
      </div>
      <List
        size="small"
        className="rk-hazard-list"
        loading={hazards.isPending}
        dataSource={hazards.data ?? []}
        renderItem={(h) => (
          <List.Item
            className={h.id === selected ? 'rk-selected' : undefined}
            onClick={() => setSelected(h.id)}
            data-hazard={h.id}
            actions={[
              <Button
                key="del"
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('hazard.delete')} ${h.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onDelete(h);
                }}
              />,
            ]}
          >
            <Space size={6} wrap>
              <Typography.Text strong>{h.name}</Typography.Text>
              {h.builtIn ? <Tag>{t('hazard.builtIn')}</Tag> : null}
              <Typography.Text type="secondary" className="rk-thresholds">
                {h.conditions.map((c) => `${c.elementName} ${c.thresholds.map((x) => thresholdText(c.op, x)).join(' / ')}`).join('；')}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {draft ? (
        <Form layout="vertical" className="rk-editor" data-testid="risk-hazard-editor" onSubmitCapture={(e) => e.preventDefault()}>
          <div className="rk-form-row">
            <Form.Item
              label={t('hazard.name')}
              htmlFor="risk-hazard-name"
              validateStatus={(tried && !draft.name.trim()) || server.get('name') ? 'error' : undefined}
              help={server.get('name') ?? (tried && !draft.name.trim() ? t('problem.nameMissing') : undefined)}
            >
              <Input
                id="risk-hazard-name"
                maxLength={64}
                value={draft.name}
                onChange={(e) => update((d) => ({ ...d, name: e.target.value }))}
              />
            </Form.Item>
            <Form.Item label={t('hazard.kind')} htmlFor="risk-hazard-kind">
              <Select
                id="risk-hazard-kind"
                value={draft.kind}
                options={HAZARD_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                onChange={(kind: HazardKind) => update((d) => ({ ...d, kind }))}
              />
            </Form.Item>
            <Form.Item
              label={t('hazard.forecastType')}
              htmlFor="risk-hazard-type"
              help={server.get('forecastType')}
              validateStatus={server.get('forecastType') ? 'error' : undefined}
            >
              <Select
                id="risk-hazard-type"
                value={draft.forecastType}
                options={(catalog.data ?? []).map((x) => ({ value: x.code, label: x.name }))}
                onChange={(forecastType: string) => update((d) => ({ ...d, forecastType }))}
              />
            </Form.Item>
          </div>
          <Form.Item label={t('hazard.description')} htmlFor="risk-hazard-description">
            <Input.TextArea
              id="risk-hazard-description"
              rows={2}
              maxLength={256}
              value={draft.description}
              onChange={(e) => update((d) => ({ ...d, description: e.target.value }))}
            />
          </Form.Item>
          <Typography.Text strong>{t('hazard.conditions')}</Typography.Text>
          <Typography.Paragraph type="secondary" className="rk-hint">
            {t('hazard.levelRule')}
          </Typography.Paragraph>
          <table className="rk-thresholds-table" data-testid="risk-thresholds">
            <thead>
              <tr>
                <th>{t('hazard.element')}</th>
                <th>{t('hazard.op')}</th>
                {LEVELS.map((l, k) => (
                  <th key={l} className="rk-level-col" style={{ borderTopColor: RISK_LEVEL_COLORS[k] }}>
                    <span className="rk-swatch" style={{ background: RISK_LEVEL_COLORS[k] }} /> {t(`levels.l${l}`)}
                  </th>
                ))}
                <th title={t('hazard.offsetHint')}>{t('hazard.offset')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {draft.conditions.map((c, i) => (
                <tr key={i} data-condition={i}>
                  <td>
                    <Select
                      aria-label={`${t('hazard.element')} ${i + 1}`}
                      className="rk-element"
                      value={c.element || undefined}
                      status={problemAt(`conditions.${i}.element`) ? 'error' : undefined}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={elements.map((f) => ({
                        value: f.code,
                        label: `${t(`elements.${f.code}`, { defaultValue: f.name })} (${f.unit})`,
                      }))}
                      onChange={(element: string) => setCondition(i, (x) => ({ ...x, element }))}
                    />
                    {problemAt(`conditions.${i}.element`) ? <div className="rk-problem">{problemAt(`conditions.${i}.element`)}</div> : null}
                  </td>
                  <td>
                    <Select
                      aria-label={`${t('hazard.op')} ${i + 1}`}
                      value={c.op}
                      popupMatchSelectWidth={false}
                      options={(['le', 'ge'] as const).map((op) => ({ value: op, label: op === 'le' ? '≤' : '≥', title: t(`ops.${op}`) }))}
                      onChange={(op: 'le' | 'ge') => setCondition(i, (x) => ({ ...x, op }))}
                    />
                  </td>
                  {LEVELS.map((l, k) => {
                    const path = `conditions.${i}.thresholds.${k}`;
                    const problem = problemAt(path);
                    return (
                      <td key={l}>
                        <InputNumber
                          aria-label={`${t(`levels.l${l}`)} ${i + 1}`}
                          data-testid={`threshold-${i}-${k}`}
                          className="rk-threshold"
                          value={c.thresholds[k]}
                          placeholder={t('hazard.unused')}
                          status={problem ? 'error' : undefined}
                          onChange={(v) =>
                            setCondition(i, (x) => {
                              const thresholds = [...x.thresholds] as HazardCondition['thresholds'];
                              thresholds[k] = typeof v === 'number' ? v : null;
                              return { ...x, thresholds };
                            })
                          }
                        />
                        {problem ? (
                          <div className="rk-problem" data-testid={`problem-${i}-${k}`}>
                            {problem}
                          </div>
                        ) : null}
                      </td>
                    );
                  })}
                  <td>
                    <InputNumber
                      aria-label={`${t('hazard.offset')} ${i + 1}`}
                      data-testid={`offset-${i}`}
                      className="rk-threshold"
                      min={-10}
                      max={10}
                      step={0.5}
                      value={c.offset ?? null}
                      placeholder="0"
                      status={problemAt(`conditions.${i}.offset`) ? 'error' : undefined}
                      onChange={(v) =>
                        setCondition(i, (x) => {
                          const { offset: _old, ...rest } = x;
                          return typeof v === 'number' && v !== 0 ? { ...rest, offset: v } : rest;
                        })
                      }
                    />
                  </td>
                  <td>
                    <Button
                      size="small"
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('hazard.removeCondition')}
                      disabled={draft.conditions.length <= 1}
                      onClick={() => update((d) => ({ ...d, conditions: d.conditions.filter((_, k) => k !== i) }))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {problemAt('conditions.0.thresholds') ? <div className="rk-problem">{problemAt('conditions.0.thresholds')}</div> : null}
          <Typography.Text strong>{t('hazard.stages')}</Typography.Text>
          <Typography.Paragraph type="secondary" className="rk-hint">
            {t('hazard.stagesHint')}
          </Typography.Paragraph>
          <table className="rk-thresholds-table" data-testid="risk-stages">
            <thead>
              <tr>
                <th>{t('hazard.crop')}</th>
                <th>{t('hazard.stage')}</th>
                <th>{t('hazard.vulnerability')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {draft.stages.map((st, i) => (
                <tr key={i} data-stage={`${st.crop}:${st.stage}`}>
                  <td>
                    <Select
                      aria-label={`${t('hazard.crop')} ${i + 1}`}
                      className="rk-element"
                      value={st.crop}
                      status={problemAt(`stages.${i}.crop`) ? 'error' : undefined}
                      options={[...crops].map(([value, label]) => ({ value, label }))}
                      onChange={(crop: string) => setStage(i, (x) => ({ ...x, crop }))}
                    />
                    {problemAt(`stages.${i}.crop`) ? <div className="rk-problem">{problemAt(`stages.${i}.crop`)}</div> : null}
                  </td>
                  <td>
                    <Input
                      aria-label={`${t('hazard.stage')} ${i + 1}`}
                      value={st.stage}
                      maxLength={32}
                      title={hazards.data?.flatMap((h) => h.stages).find((x) => x.crop === st.crop && x.stage === st.stage)?.stageName}
                      status={problemAt(`stages.${i}.stage`) ? 'error' : undefined}
                      onChange={(e) => setStage(i, (x) => ({ ...x, stage: e.target.value }))}
                    />
                    {problemAt(`stages.${i}.stage`) ? <div className="rk-problem">{problemAt(`stages.${i}.stage`)}</div> : null}
                  </td>
                  <td>
                    <InputNumber
                      aria-label={`${t('hazard.vulnerability')} ${i + 1}`}
                      data-testid={`vulnerability-${i}`}
                      className="rk-threshold"
                      min={0.05}
                      max={1}
                      step={0.1}
                      value={st.vulnerability}
                      onChange={(v) => setStage(i, (x) => ({ ...x, vulnerability: typeof v === 'number' ? v : x.vulnerability }))}
                    />
                  </td>
                  <td>
                    <Button
                      size="small"
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('hazard.removeStage')}
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
            disabled={crops.size === 0}
            onClick={() => update((d) => ({ ...d, stages: [...d.stages, { crop: [...crops.keys()][0]!, stage: '', vulnerability: 1 }] }))}
          >
            {t('hazard.addStage')}
          </Button>
          {server.get('') ? <Alert type="error" showIcon title={server.get('')} className="rk-hint" /> : null}
          <Space className="rk-section">
            <Button
              size="small"
              icon={<PlusOutlined aria-hidden />}
              disabled={draft.conditions.length >= 4}
              onClick={() =>
                update((d) => ({
                  ...d,
                  conditions: [
                    ...d.conditions,
                    {
                      element: '',
                      op: 'ge',
                      thresholds: d.conditions[0]!.thresholds.map((x) => (x === null ? null : 0)) as HazardCondition['thresholds'],
                    },
                  ],
                }))
              }
            >
              {t('hazard.addCondition')}
            </Button>
            <Button id="risk-hazard-save" type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('hazard.save')}
            </Button>
          </Space>
        </Form>
      ) : null}
    </div>
  );
}
