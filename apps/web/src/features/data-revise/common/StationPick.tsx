import { Select } from 'antd';

type Station = { id: number; name: string; stationNumber: string };

/**
 * A station picked by name or number, for the revision pages' toolbars: the select stays empty (a pick is an action,
 * not a value) and `onPick` gets the station. `label` is its placeholder and accessible name.
 */
export function StationPick<S extends Station>({
  stations,
  label,
  className,
  onPick,
}: {
  stations: readonly S[];
  label: string;
  className: string;
  onPick: (station: S) => void;
}) {
  return (
    <Select
      showSearch
      size="small"
      className={className}
      style={{ minWidth: 200 }}
      placeholder={label}
      aria-label={label}
      value={null}
      optionFilterProp="label"
      options={stations.map((s) => ({ value: s.id, label: `${s.name} ${s.stationNumber}` }))}
      onChange={(id: number) => {
        const station = stations.find((s) => s.id === id);
        if (station) onPick(station);
      }}
    />
  );
}
