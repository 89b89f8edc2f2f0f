import { ClearOutlined, UndoOutlined } from '@ant-design/icons';
import { GREENWAY_DIFFICULTIES, GREENWAY_POINTS, GREENWAY_SURFACES, pathKm, SPOT_TEXT_MAX } from '@agromet/contracts/web';
import type { Greenway } from '@agromet/contracts';
import { Button, Col, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import { RegionCascader } from '../../../components/region-cascader/RegionCascader';
import { request } from '../../../lib/request';
import { useSaveGreenway } from '../api/greenways-routes';
import { fetchCurrent } from '../api/spots';
import { PublishingFields } from '../common/PublishingFields';
import { NS } from '../i18n';
import { TravelFormDialog, useTravelFieldText } from '../common/TravelForm';
import { greenwayBody, greenwayFormValues, type GreenwayFormValues, type LonLat } from './greenway-rules';

/** The course being drawn on the map, and whether map clicks add to it. */
interface LineProps {
  drawing: boolean;
  onDrawingChange: (on: boolean) => void;
  line: LonLat[];
  onLineChange: (line: LonLat[]) => void;
}

const FIELDS = ['name', 'regionCode', 'surface', 'difficulty', 'start', 'end', 'photos', 'description', 'published'];

/** Create or edit a greenway; the map stays clickable, each click adding a vertex of the course while drawing is on. */
export function GreenwayFormModal({
  greenway,
  drawing,
  onDrawingChange,
  line,
  onLineChange,
  onSaved,
  onClose,
}: LineProps & {
  greenway: Greenway | null;
  onSaved: (g: Greenway) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<GreenwayFormValues>();
  const save = useSaveGreenway();
  const [lineError, setLineError] = useState<string | null>(null);
  useEffect(() => setLineError(null), [line]);
  const saveRecord = useRecordSave({
    record: greenway,
    form,
    save: save.mutateAsync,
    body: (values: GreenwayFormValues) => greenwayBody(values, line),
    fields: FIELDS,
    fieldOf: (path) => path.split('.')[0]!,
    ownIssues: (issues) => {
      const onLine = issues.find((i) => i.field.startsWith('line'));
      if (onLine) setLineError(onLine.message);
      return onLine !== undefined;
    },
    current: (g) => fetchCurrent((query) => request('travelGreenwayPage', { query, silent: true }), g),
    reload: (fresh) => {
      form.setFieldsValue(greenwayFormValues(fresh));
      onLineChange(fresh.line);
    },
    onSaved,
    onClose,
  });
  const onFinish = async (values: GreenwayFormValues) => {
    if (line.length < GREENWAY_POINTS.min) setLineError(t('greenway.lineRequired'));
    else await saveRecord(values);
  };

  return (
    <TravelFormDialog<GreenwayFormValues>
      kind="greenway"
      editing={greenway !== null}
      saving={save.isPending}
      onCancel={onClose}
      form={form}
      initialValues={greenwayFormValues(greenway)}
      onFinish={onFinish}
    >
      <GreenwayFields drawing={drawing} onDrawingChange={onDrawingChange} line={line} onLineChange={onLineChange} lineError={lineError} />
    </TravelFormDialog>
  );
}

/** The greenway form's fields: name, region, the course (drawn on the map, undone a point at a time), surface, … */
function GreenwayFields({ drawing, onDrawingChange, line, onLineChange, lineError }: LineProps & { lineError: string | null }) {
  const { t, label, required } = useTravelFieldText('greenway');
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="name" label={label('name')} rules={[{ ...required('name'), whitespace: true }]}>
            <Input id="greenway-name" maxLength={SPOT_TEXT_MAX.name} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="regionCode" label={label('regionCode')} rules={[required('regionCode')]}>
            <RegionCascader id="greenway-region" ariaLabel={label('regionCode')} />
          </Form.Item>
        </Col>
      </Row>
      <div className="record-pick" data-picking={drawing ? 'on' : 'off'} id="greenway-line" data-points={line.length}>
        <Switch id="greenway-draw" size="small" checked={drawing} onChange={onDrawingChange} />{' '}
        <label htmlFor="greenway-draw">{t('greenway.draw')}</label>
        <div className="list-hint">
          {line.length > 0 ? t('greenway.points', { count: line.length, length: pathKm(line).toFixed(2) }) : t('greenway.drawHint')}
        </div>
        <Space size={4}>
          <Button
            size="small"
            icon={<UndoOutlined aria-hidden />}
            disabled={line.length === 0}
            onClick={() => onLineChange(line.slice(0, -1))}
          >
            {t('greenway.undoPoint')}
          </Button>
          <Button size="small" icon={<ClearOutlined aria-hidden />} disabled={line.length === 0} onClick={() => onLineChange([])}>
            {t('greenway.clearLine')}
          </Button>
        </Space>
        {lineError ? (
          <div className="ant-form-item-explain-error" role="alert" id="greenway-line-error">
            {lineError}
          </div>
        ) : null}
      </div>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="surface" label={label('surface')} rules={[required('surface')]}>
            <Select id="greenway-surface" options={GREENWAY_SURFACES.map((s) => ({ value: s, label: t(`greenway.surfaces.${s}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="difficulty" label={label('difficulty')} rules={[required('difficulty')]}>
            <Select
              id="greenway-difficulty"
              options={GREENWAY_DIFFICULTIES.map((d) => ({ value: d, label: t(`greenway.difficulties.${d}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="start" label={label('start')}>
            <Input id="greenway-start" maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="end" label={label('end')}>
            <Input id="greenway-end" maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <PublishingFields idPrefix="greenway" label={label} />
    </>
  );
}
