import type { Landscape, LandscapeKind } from '@agromet/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import { NS } from '../i18n';
import { TravelWeatherPanel } from '../weather/TravelWeatherPanel';
import { KIND_COLOURS } from './landscape-rules';

/** The landscapes table's columns: name, kind, spot, best period (in season today or not), and edit/delete. */
export function useLandscapeColumns(edit: (l: Landscape) => void, askDelete: (l: Landscape) => void): FitColumn<Landscape>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<Landscape>[]>(
    () => [
      { title: t('landscape.fields.name'), dataIndex: 'name', ellipsis: true },
      {
        title: t('landscape.fields.kind'),
        dataIndex: 'kind',
        width: 96,
        render: (k: LandscapeKind) => <Tag color={KIND_COLOURS[k]}>{t(`landscape.kinds.${k}`)}</Tag>,
      },
      { title: t('landscape.fields.spotId'), dataIndex: 'spotName', ellipsis: true },
      {
        title: t('landscape.period'),
        key: 'period',
        width: 150,
        render: (_, l) => (
          <span>
            {`${l.bestFrom} – ${l.bestTo} `}
            <Tag color={l.inSeason ? 'green' : 'default'}>{l.inSeason ? t('landscape.inSeason') : t('landscape.outOfSeason')}</Tag>
          </span>
        ),
      },
      rowActionsColumn(
        t('common.actions'),
        editDeleteActions<Landscape>(t, (l) => l.name, edit, askDelete),
        72,
      ),
    ],
    [t, edit, askDelete],
  );
}

/** "Min temperature 5；Max wind 6；Precipitation: none": the weather a landscape needs, as set. */
function weatherText(t: TFunction, l: Landscape): string {
  return [
    l.weather.tempMin !== null ? `${t('landscape.fields.tempMin')} ${l.weather.tempMin}` : '',
    l.weather.tempMax !== null ? `${t('landscape.fields.tempMax')} ${l.weather.tempMax}` : '',
    l.weather.maxWind !== null ? `${t('landscape.fields.maxWind')} ${l.weather.maxWind}` : '',
    `${t('landscape.fields.precipitation')}: ${t(`landscape.precipitation.${l.weather.precipitation}`)}`,
  ]
    .filter(Boolean)
    .join('；');
}

/** A selected landscape, open under its row: region, weather needs, description and the weather panel. */
export function LandscapeDetails({ landscape: l }: { landscape: Landscape }) {
  const { t } = useTranslation(NS);
  return (
    <div id={`landscape-detail-${l.id}`}>
      <div>{`${t('landscape.fields.regionCode')}: ${l.regionName}`}</div>
      <div>{`${t('landscape.weather')}: ${weatherText(t, l)}`}</div>
      {l.description ? <p className="tr-text">{l.description}</p> : null}
      <TravelWeatherPanel targetType="landscape" id={l.id} />
    </div>
  );
}
