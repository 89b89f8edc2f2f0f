import { Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSelection } from '../../../components/map/map-rules';
import { METEOGRAM_NS } from '../../../components/meteogram/i18n';
import type { MeteogramPlace } from '../../../components/meteogram/MeteogramDrawer';
import { StationPick } from './StationPick';

type Where = { lon: number; lat: number } | { station: number };

/**
 * The meteogram on the revision pages (point and area): in meteogram mode a click on the map, or a station picked,
 * opens that place's time series of the product being revised (its type and run) in the meteogram drawer instead of
 * editing. The page renders `<MeteogramDrawer place={m.place} onClose={m.close} />` and the mode switch.
 */
export function useMeteogramMode(selection: ProductSelection | null | undefined) {
  const [mode, setMode] = useState(false);
  const [place, setPlace] = useState<MeteogramPlace | null>(null);
  return {
    mode,
    setMode,
    place,
    open: (where: Where) => {
      if (selection) setPlace({ type: selection.type, baseTime: selection.baseTime, ...where });
    },
    close: () => setPlace(null),
  };
}

/** The switch of meteogram mode, labelled. */
export function MeteogramModeSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation(METEOGRAM_NS);
  return (
    <Space size={4} className="meteogram-mode">
      <Switch size="small" id="meteogram-mode" checked={checked} onChange={onChange} />
      <label htmlFor="meteogram-mode">{t('mode')}</label>
    </Space>
  );
}

/** A station select that opens the meteogram of the station picked (for pages whose station pick has no other use). */
export function MeteogramStationPick({
  stations,
  onPick,
}: {
  stations: ReadonlyArray<{ id: number; name: string; stationNumber: string }>;
  onPick: (station: number) => void;
}) {
  const { t } = useTranslation(METEOGRAM_NS);
  return <StationPick stations={stations} label={t('pickStation')} className="meteogram-station-pick" onPick={(s) => onPick(s.id)} />;
}
