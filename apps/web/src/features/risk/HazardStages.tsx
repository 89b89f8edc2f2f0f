import type { Hazard, HazardStage } from '@agromet/contracts';
import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { withStage, type Draft } from './hazard-draft';
import { CellProblem, RemoveRowButton } from './HazardCells';
import { NS } from './i18n';

interface Props {
  stages: readonly HazardStage[];
  /** Crops the hazards name (key → name in the reader's language). */
  crops: ReadonlyMap<string, string>;
  hazards: readonly Hazard[] | undefined;
  problemAt: (path: string) => string | undefined;
  update: (fn: (d: Draft) => Draft) => void;
}

/** The crop stages the hazard harms, each with its vulnerability. */
export function HazardStages({ stages, crops, hazards, problemAt, update }: Props) {
  const { t } = useTranslation(NS);
  const setStage = (i: number, fn: (st: HazardStage) => HazardStage) => update((d) => withStage(d, i, fn));
  return (
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
        {stages.map((st, i) => (
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
              <CellProblem problem={problemAt(`stages.${i}.crop`)} />
            </td>
            <td>
              <Input
                aria-label={`${t('hazard.stage')} ${i + 1}`}
                value={st.stage}
                maxLength={32}
                title={hazards?.flatMap((h) => h.stages).find((x) => x.crop === st.crop && x.stage === st.stage)?.stageName}
                status={problemAt(`stages.${i}.stage`) ? 'error' : undefined}
                onChange={(e) => setStage(i, (x) => ({ ...x, stage: e.target.value }))}
              />
              <CellProblem problem={problemAt(`stages.${i}.stage`)} />
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
              <RemoveRowButton
                label={t('hazard.removeStage')}
                onClick={() => update((d) => ({ ...d, stages: d.stages.filter((_, k) => k !== i) }))}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
