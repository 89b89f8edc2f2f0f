import './record-map.css';

/**
 * The colours of the records on the map, named, with a marker that makes the map's forecast layer bar and legend step
 * aside while the page shows its records (see useHideForecast).
 */
export function RecordLegend({
  id,
  items,
  title,
}: {
  id: string;
  title: string;
  items: readonly { colour: string; label: string; count?: number }[];
}) {
  return (
    <div id={id} className="record-legend record-map-hides-forecast" aria-label={title}>
      {items.map((item) => (
        <span key={item.label} data-colour={item.colour}>
          <span className="record-legend-swatch" style={{ background: item.colour }} aria-hidden />
          {item.label}
          {item.count !== undefined ? ` (${item.count})` : ''}
        </span>
      ))}
    </div>
  );
}
