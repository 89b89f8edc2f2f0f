import type { ForecastTypeInfo } from '@agromet/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationTableChoice } from '../api/station-table';
import { formatDateTime } from '../../../lib/format-time';
import { NS } from '../i18n';
import { pickChoice } from './station-table-rules';
import { nameWithUnit } from '../../../lib/format-unit';

/** The forecast shown at the stations: its type, factor (those with grids) and run; a new type or factor picks the rest. */
export function StationChoice({
  types,
  loading,
  choice,
  onChange,
}: {
  types: ForecastTypeInfo[];
  loading: boolean;
  choice: StationTableChoice;
  onChange: (choice: StationTableChoice) => void;
}) {
  const { t } = useTranslation(NS);
  const type = types.find((x) => x.code === choice.type);
  const factor = type?.factors.find((f) => f.code === choice.factor);
  return (
    <>
      <Select
        id="dl-st-type"
        aria-label={t('stations.type')}
        placeholder={t('stations.type')}
        style={{ width: 180 }}
        loading={loading}
        value={choice.type}
        options={types.map((x) => ({ value: x.code, label: x.name }))}
        onChange={(code: string) => onChange(pickChoice(types, { type: code }))}
      />
      <Select
        id="dl-st-factor"
        aria-label={t('stations.factor')}
        placeholder={t('stations.factor')}
        style={{ width: 160 }}
        value={choice.factor}
        showSearch={{ optionFilterProp: 'label' }}
        options={(type?.factors ?? []).filter((f) => f.baseTimes.length > 0).map((f) => ({ value: f.code, label: nameWithUnit(f) }))}
        onChange={(code: string) => onChange(pickChoice(types, { type: choice.type, factor: code }))}
      />
      <Select
        id="dl-st-run"
        aria-label={t('stations.baseTime')}
        placeholder={t('stations.baseTime')}
        style={{ width: 180 }}
        value={choice.baseTime}
        options={(factor?.baseTimes ?? []).map((b) => ({ value: b, label: formatDateTime(b) }))}
        onChange={(baseTime: string) => onChange({ ...choice, baseTime })}
      />
    </>
  );
}
