import { SANDSTORM_LIMITS } from '@agromet/contracts/web';
import { Col, Form, InputNumber, Row, type FormInstance, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapFormDialog } from '../../../components/record-map/MapFormDialog';
import { PickOnMap } from '../../../components/record-map/PickOnMap';
import type { PickingProps } from '../../../components/record-map/use-picking-editor';
import { NS } from '../i18n';

/** The tourism records edited in a dialog beside the map; each names its texts (`spot.editTitle`) and ids (`spot-form-submit`). */
export type TravelKind = 'spot' | 'landscape' | 'greenway' | 'route';

/**
 * A field's label and its "required" rule in a tourism record's form (`landscape.fields.name`, the message shared by
 * all four forms), written once instead of in each form.
 */
export function useTravelFieldText(kind: TravelKind) {
  const { t } = useTranslation(NS);
  const label = (field: string) => t(`${kind}.fields.${field}`);
  const required = (field: string) => ({ required: true, message: t('spot.required', { field: label(field) }) });
  return { t, label, required };
}

/**
 * The dialog of every tourism record's form: the map dialog with the tourism pages' classes and width, titled
 * "create" or "edit" by the kind of record.
 */
export function TravelFormDialog<V extends object>({
  kind,
  editing,
  saving,
  ...dialog
}: {
  kind: TravelKind;
  editing: boolean;
  saving: boolean;
  onCancel: () => void;
  form: FormInstance<V>;
  name?: string;
  initialValues: Partial<V>;
  onFinish: (values: V) => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <MapFormDialog<V>
      title={t(editing ? `${kind}.editTitle` : `${kind}.createTitle`)}
      submitId={`${kind}-form-submit`}
      saving={saving}
      width={560}
      {...dialog}
    />
  );
}

type LonLat = { lon: number; lat: number };

/**
 * A scenic spot's or a landscape's position: the "pick on the map" switch with what was picked, then longitude and
 * latitude side by side (`spot-lon`, `spot-lat`), each with the rules its form gives it.
 */
export function PositionFields({
  kind,
  picking,
  onPickingChange,
  picked,
  rules,
}: Pick<PickingProps<LonLat>, 'picking' | 'onPickingChange' | 'picked'> & {
  kind: 'spot' | 'landscape';
  rules: (field: 'lon' | 'lat', limits: readonly [number, number]) => FormRule[];
}) {
  const { t, label } = useTravelFieldText(kind);
  const coordinate = (field: 'lon' | 'lat') => (
    <Col span={12}>
      <Form.Item name={field} label={label(field)} rules={rules(field, SANDSTORM_LIMITS[field])}>
        <InputNumber id={`${kind}-${field}`} step={0.01} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <PickOnMap
        id={`${kind}-pick`}
        picking={picking}
        onPickingChange={onPickingChange}
        label={t('spot.pickOnMap')}
        hint={picked && picking ? t('spot.picked', { position: `${picked.lon.toFixed(4)}, ${picked.lat.toFixed(4)}` }) : t('spot.pickHint')}
      />
      <Row gutter={12}>
        {coordinate('lon')}
        {coordinate('lat')}
      </Row>
    </>
  );
}
