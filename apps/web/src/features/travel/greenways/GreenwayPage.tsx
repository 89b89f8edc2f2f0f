import { ClearOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import {
  GREENWAY_DIFFICULTIES,
  GREENWAY_POINTS,
  GREENWAY_SURFACES,
  pathKm,
  SPOT_TEXT_MAX,
  type GreenwayDifficulty,
} from '@agromet/contracts/web';
import type { Greenway } from '@agromet/contracts';
import { Button, Col, Descriptions, Form, Input, Modal, Row, Select, Space, Switch, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { RecordLegend } from '../../../components/record-map/RecordLegend';
import { RegionCascader } from '../../../components/region-cascader/RegionCascader';
import { fieldIssuesOf } from '../../../lib/field-issues';
import { request } from '../../../lib/request';
import { useDeleteGreenway, useGreenwayPage, useGreenwaysOnMap, useSaveGreenway, type GreenwayFilters } from '../api/greenways-routes';
import { PhotoList } from '../common/PhotoList';
import { fitPaths, usePathLayer, type MapPath } from '../common/use-path-layer';
import { NS } from '../i18n';
import '../travel.css';
import { DIFFICULTY_COLOURS, greenwayBody, greenwayFormValues, vertexOf, type GreenwayFormValues, type LonLat } from './greenway-rules';
import { useFeedback } from '../../../lib/feedback';
import { regionFilter } from '../../../components/region-cascader/region-filter';

const FIELDS = ['name', 'regionCode', 'surface', 'difficulty', 'start', 'end', 'photos', 'description', 'published'];

/** Create or edit a greenway; the map stays clickable, each click adding a vertex of the course while drawing is on. */
function GreenwayFormModal({
  greenway,
  drawing,
  onDrawingChange,
  line,
  onLineChange,
  onSaved,
  onClose,
}: {
  greenway: Greenway | null;
  drawing: boolean;
  onDrawingChange: (on: boolean) => void;
  line: LonLat[];
  onLineChange: (line: LonLat[]) => void;
  onSaved: (g: Greenway) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<GreenwayFormValues>();
  const save = useSaveGreenway();
  const { version, offerStale } = useEditVersion(greenway);
  const [lineError, setLineError] = useState<string | null>(null);
  const label = (f: string) => t(`greenway.fields.${f}`);
  const required = (f: string) => ({ required: true, message: t('spot.required', { field: label(f) }) });
  useEffect(() => setLineError(null), [line]);

  const onFinish = async (values: GreenwayFormValues) => {
    if (line.length < GREENWAY_POINTS.min) {
      setLineError(t('greenway.lineRequired'));
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: greenway?.id, version, values: greenwayBody(values, line) });
      void message.success(t(greenway ? 'common.saved' : 'common.created'));
      onSaved(saved);
    } catch (error) {
      const issues = fieldIssuesOf(error);
      const onLine = issues.find((i) => i.field.startsWith('line'));
      if (onLine) setLineError(onLine.message);
      const onForm = issues.map((i) => ({ ...i, field: i.field.split('.')[0]! })).filter((i) => FIELDS.includes(i.field));
      if (onForm.length > 0) form.setFields(onForm.map((i) => ({ name: i.field as keyof GreenwayFormValues, errors: [i.message] })));
      if (onLine || onForm.length > 0) return;
      if (greenway)
        await offerStale(error, {
          fetchCurrent: async () =>
            (await request('travelGreenwayPage', { query: { keyword: greenway.name, size: 1000 }, silent: true })).list.find(
              (g) => g.id === greenway.id,
            ) ?? null,
          onGone: onClose,
          onReload: (fresh) => {
            form.setFieldsValue(greenwayFormValues(fresh));
            onLineChange(fresh.line);
          },
        });
    }
  };

  return (
    <Modal
      open
      title={greenway ? t('greenway.editTitle') : t('greenway.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'greenway-form-submit' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={false}
      focusable={{ trap: false }}
      wrapClassName="tr-modal-passthrough"
      style={{ top: 16, marginLeft: 16 }}
      destroyOnHidden
      width={560}
    >
      <Form<GreenwayFormValues>
        form={form}
        layout="vertical"
        size="small"
        initialValues={greenwayFormValues(greenway)}
        onFinish={(v) => void onFinish(v)}
      >
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
        <div className="tr-pick" data-picking={drawing ? 'on' : 'off'} id="greenway-line" data-points={line.length}>
          <Switch id="greenway-draw" size="small" checked={drawing} onChange={onDrawingChange} />{' '}
          <label htmlFor="greenway-draw">{t('greenway.draw')}</label>
          <div className="tr-hint">
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
        <Form.Item name="photos" label={label('photos')}>
          <PhotoList />
        </Form.Item>
        <Form.Item name="description" label={label('description')}>
          <Input.TextArea id="greenway-description" rows={2} maxLength={SPOT_TEXT_MAX.description} />
        </Form.Item>
        <Form.Item name="published" label={label('published')} valuePropName="checked">
          <Switch id="greenway-published" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /travel-manage/travel-greenWay: greenways as a table (name, difficulty, surface, length) and as lines on the map
 * coloured by difficulty; the course drawn on the map point by point, its length computed as it grows.
 */
export function GreenwayPage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  useHideForecast(true);
  const fields = useMemo<FilterField<GreenwayFilters>[]>(
    () => [
      { kind: 'keyword', key: 'keyword', id: 'greenway-search', placeholder: t('greenway.searchPlaceholder'), width: 200 },
      {
        kind: 'select',
        key: 'difficulty',
        id: 'greenway-filter-difficulty',
        label: t('greenway.fields.difficulty'),
        width: 120,
        options: GREENWAY_DIFFICULTIES.map((d) => ({ value: d, label: t(`greenway.difficulties.${d}`) })),
      },
      regionFilter('code', 'greenway-filter-region', t('greenway.region'), 200),
    ],
    [t],
  );
  const list = useListPage<Greenway, GreenwayFilters, ReturnType<typeof useGreenwayPage>>({
    filters: fields,
    pageSize: 10,
    useRows: useGreenwayPage,
  });
  const { filters } = list;
  const onMap = useGreenwaysOnMap(filters);
  const items = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const editor = useEditor<Greenway>();
  const editing = editor.editing;
  const [drawing, setDrawing] = useState(false);
  const [line, setLine] = useState<LonLat[]>([]);
  const remove = useDeleteGreenway();
  const confirmDelete = useConfirmDelete();
  const paths = useMemo<MapPath[]>(
    () =>
      items
        .filter((g) => !editing || g.id !== editing.record?.id)
        .map((g) => ({ id: g.id, points: g.line, colour: DIFFICULTY_COLOURS[g.difficulty], label: g.name })),
    [items, editing],
  );
  const at = usePathLayer(map, paths, selectedId, editing ? line : null, 'greenways');
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const key = JSON.stringify(filters);
    if (!onMap.data || onMap.isPlaceholderData || fitted.current === key) return;
    fitted.current = key;
    fitPaths(
      map,
      items.map((g) => ({ points: g.line })),
    );
  }, [map, onMap.data, onMap.isPlaceholderData, items, filters]);
  useMapClicks(({ lon, lat, pixel }) => {
    if (editing) {
      if (drawing && line.length < GREENWAY_POINTS.max) setLine((l) => [...l, vertexOf(lon, lat)]);
      return;
    }
    const hit = at(pixel);
    if (hit !== null) setSelectedId(hit);
  });
  const openEditor = editor.open;
  const edit = useCallback(
    (greenway: Greenway | null) => {
      setLine(greenway ? greenway.line.map(([x, y]) => [x, y]) : []);
      setDrawing(greenway === null);
      openEditor(greenway);
    },
    [openEditor],
  );
  const askDelete = useCallback((g: Greenway) => confirmDelete(g.name, () => remove.mutateAsync(g.id)), [confirmDelete, remove]);

  const columns = useMemo<FitColumn<Greenway>[]>(
    () => [
      { title: t('greenway.fields.name'), dataIndex: 'name', ellipsis: true },
      {
        title: t('greenway.fields.difficulty'),
        dataIndex: 'difficulty',
        width: 84,
        render: (d: GreenwayDifficulty) => <Tag color={DIFFICULTY_COLOURS[d]}>{t(`greenway.difficulties.${d}`)}</Tag>,
      },
      { title: t('greenway.fields.surface'), dataIndex: 'surface', width: 72, render: (s: string) => t(`greenway.surfaces.${s}`) },
      {
        title: t('greenway.fields.lengthKm'),
        dataIndex: 'lengthKm',
        width: 96,
        align: 'right',
        render: (km: number) => km.toFixed(2),
      },
      rowActionsColumn(
        t('common.actions'),
        editDeleteActions<Greenway>(t, (g) => g.name, edit, askDelete),
        72,
      ),
    ],
    [t, edit, askDelete],
  );

  return (
    <ListPageView
      id="greenway-page"
      titleKey="travelGreenWay"
      className="tr-page"
      data={{ 'data-map-records': items.length, 'data-selected': selectedId ?? '', 'data-total': list.rows.data?.total ?? '' }}
      list={list}
      actions={[
        { id: 'greenway-create', label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => edit(null) },
      ]}
      above={
        <RecordLegend
          id="greenway-legend"
          title={t('greenway.legend')}
          items={GREENWAY_DIFFICULTIES.map((d) => ({ colour: DIFFICULTY_COLOURS[d], label: t(`greenway.difficulties.${d}`) }))}
        />
      }
      table={{
        id: 'greenway-table',
        columns,
        expandable: {
          expandedRowRender: (g) => (
            <Descriptions size="small" column={2} id={`greenway-detail-${g.id}`}>
              <Descriptions.Item label={t('greenway.fields.regionCode')}>{g.regionName}</Descriptions.Item>
              <Descriptions.Item label={t('greenway.fields.lengthKm')}>
                {t('greenway.km', { length: g.lengthKm.toFixed(2) })}
              </Descriptions.Item>
              <Descriptions.Item label={t('greenway.fields.start')}>{g.start}</Descriptions.Item>
              <Descriptions.Item label={t('greenway.fields.end')}>{g.end}</Descriptions.Item>
              {g.description ? (
                <Descriptions.Item label={t('greenway.fields.description')} span={2}>
                  <p className="tr-text">{g.description}</p>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          ),
          expandedRowKeys: selectedId !== null ? [selectedId] : [],
          showExpandColumn: false,
        },
        rowClassName: (g) => (g.id === selectedId ? 'tr-row-selected' : ''),
        onRow: (g) => ({
          onClick: () => {
            setSelectedId((id) => (id === g.id ? null : g.id));
            fitPaths(map, [{ points: g.line }]);
          },
        }),
      }}
    >
      {editing ? (
        <GreenwayFormModal
          greenway={editing.record}
          drawing={drawing}
          onDrawingChange={setDrawing}
          line={line}
          onLineChange={setLine}
          onSaved={(saved) => {
            editor.close();
            setSelectedId(saved.id);
          }}
          onClose={editor.close}
        />
      ) : null}
    </ListPageView>
  );
}
