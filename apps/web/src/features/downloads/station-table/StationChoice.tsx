import type { ForecastTypeInfo } from '@agromet/contracts';
import { useTranslation } from 'react-i18next';
import { ForecastChoice } from '../../../components/forecast-choice/ForecastChoice';
import type { StationTableChoice } from '../api/station-table';
import { NS } from '../i18n';
import { pickChoice } from './station-table-rules';

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
  const field = (id: string, key: 'type' | 'factor' | 'baseTime', width: number) => ({
    id,
    label: t(`stations.${key}`),
    placeholder: t(`stations.${key}`),
    style: { width },
  });
  return (
    <ForecastChoice
      types={types}
      value={choice}
      on={{
        type: (code) => onChange(pickChoice(types, { type: code })),
        factor: (code) => onChange(pickChoice(types, { type: choice.type, factor: code })),
        baseTime: (baseTime) => onChange({ ...choice, baseTime }),
      }}
      fields={{
        type: { ...field('dl-st-type', 'type', 180), loading },
        factor: { ...field('dl-st-factor', 'factor', 160), showSearch: { optionFilterProp: 'label' } },
        baseTime: field('dl-st-run', 'baseTime', 180),
      }}
    />
  );
}
