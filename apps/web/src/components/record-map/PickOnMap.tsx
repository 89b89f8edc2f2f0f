import { Form, Switch, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { formPosition, roundedPosition } from './map-list-rules';
import '../admin-list/admin-list.css';
import './record-map.css';

type LonLat = { lon: number; lat: number };

/**
 * The "pick on the map" switch of a record's dialog, with what was picked or how to pick.
 */
export function PickOnMap({
  id,
  picking,
  onPickingChange,
  label,
  hint,
}: {
  id: string;
  picking: boolean;
  onPickingChange: (on: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <div className="record-pick" data-picking={picking ? 'on' : 'off'}>
      <Switch id={id} size="small" checked={picking} onChange={onPickingChange} /> <label htmlFor={id}>{label}</label>
      <div className="list-hint">{hint}</div>
    </div>
  );
}

/**
 * The position fields (`lon`, `lat`) of a record's form tied to the map: a picked position fills them (rounded to 4
 * decimals, earlier complaints cleared; the rules run again on save), and the position they hold, when both are numbers
 * that pass `valid`, is reported for the draft marker.
 */
export function useFormPosition(
  form: FormInstance,
  picked: LonLat | null,
  onPositionChange: (position: LonLat | null) => void,
  valid?: (p: LonLat) => boolean,
): void {
  useEffect(() => {
    if (!picked) return;
    const p = roundedPosition(picked);
    form.setFields([
      { name: 'lon', value: p.lon, errors: [] },
      { name: 'lat', value: p.lat, errors: [] },
    ]);
  }, [picked, form]);
  const validRef = useRef(valid);
  validRef.current = valid;
  const lon: unknown = Form.useWatch('lon', form);
  const lat: unknown = Form.useWatch('lat', form);
  useEffect(() => onPositionChange(formPosition(lon, lat, validRef.current)), [lon, lat, onPositionChange]);
}
