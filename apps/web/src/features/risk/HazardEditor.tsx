import { PlusOutlined } from '@ant-design/icons';
import type { HazardKind } from '@agromet/contracts';
import { HAZARD_KINDS } from '@agromet/contracts/web';
import { Alert, Button, Form, Input, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalog } from './api/hazards';
import { withNewCondition } from './hazard-draft';
import { CellProblem } from './HazardCells';
import { HazardConditions } from './HazardConditions';
import { HazardList } from './HazardList';
import { HazardStages } from './HazardStages';
import { NS } from './i18n';
import { useHazardDraft } from './use-hazard-draft';

/**
 * The hazard definitions: a list to pick from, and the editor of one — name, kind, forecast type, and per condition
 * an element, ≤ or ≥, and the thresholds of levels IV…I under their warning colours (empty: level not used). Problems
 * show beside their cells while typing (the engine's checks) and after a refusal (the server's message).
 */
export function HazardEditor() {
  const { t } = useTranslation(NS);
  const catalog = useCatalog();
  const { hazards, selected, setSelected, draft, server, tried, problemAt, update, startNew, submit, saving, onDelete } = useHazardDraft();

  /** Crops the hazards name (key → name in the reader's language), for a new stage row. */
  const crops = useMemo(() => {
    const out = new Map<string, string>();
    for (const h of hazards.data ?? []) for (const st of h.stages) out.set(st.crop, st.cropName);
    return out;
  }, [hazards.data]);
  const type = catalog.data?.find((x) => x.code === draft?.forecastType);
  const elements = useMemo(() => (type?.factors ?? []).filter((f) => f.code !== 'wdir'), [type]);

  return (
    <div className="rk-hazards" data-testid="risk-hazards">
      <HazardList
        hazards={hazards.data}
        loading={hazards.isPending}
        selected={selected}
        onSelect={setSelected}
        onAdd={startNew}
        onDelete={onDelete}
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
          <HazardConditions conditions={draft.conditions} elements={elements} problemAt={problemAt} update={update} />
          <CellProblem problem={problemAt('conditions.0.thresholds')} />
          <Typography.Text strong>{t('hazard.stages')}</Typography.Text>
          <Typography.Paragraph type="secondary" className="rk-hint">
            {t('hazard.stagesHint')}
          </Typography.Paragraph>
          <HazardStages stages={draft.stages} crops={crops} hazards={hazards.data} problemAt={problemAt} update={update} />
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
              onClick={() => update(withNewCondition)}
            >
              {t('hazard.addCondition')}
            </Button>
            <Button id="risk-hazard-save" type="primary" loading={saving} onClick={() => void submit()}>
              {t('hazard.save')}
            </Button>
          </Space>
        </Form>
      ) : null}
    </div>
  );
}
