import { PlusOutlined } from '@ant-design/icons';
import {
  LANDSCAPE_KINDS,
  MONTH_DAY_PATTERN,
  PRECIPITATION_NEEDS,
  SANDSTORM_LIMITS,
  SPOT_TEXT_MAX,
  type LandscapeKind,
} from '@agromet/contracts/web';
import type { Landscape } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Tag } from 'antd';
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
import { fitRecords, revealRecord, useRecordLayer } from '../../../components/record-map/use-record-layer';
import { RegionCascader } from '../../../components/region-cascader/RegionCascader';
import { fieldIssuesOf } from '../../../lib/field-issues';
import { request } from '../../../lib/request';
import {
  useDeleteLandscape,
  useLandscapePage,
  useLandscapesOnMap,
  useSaveLandscape,
  useSpotOptions,
  type LandscapeFilters,
} from '../api/spots';
import { PhotoList } from '../common/PhotoList';
import { NS } from '../i18n';
import { TravelWeatherPanel } from '../weather/TravelWeatherPanel';
import '../travel.css';
import { KIND_COLOURS, landscapeBody, landscapeFormValues, type LandscapeFormValues } from './landscape-rules';
import { useFeedback } from '../../../lib/feedback';
import { regionFilter } from '../../../components/region-cascader/region-filter';

type Pos = { lon: number; lat: number };
const FIELDS = [
  'name',
  'kind',
  'spotId',
  'regionCode',
  'lon',
  'lat',
  'bestFrom',
  'bestTo',
  'tempMin',
  'tempMax',
  'maxWind',
  'precipitation',
  'photos',
  'description',
  'published',
];

/** Create or edit a landscape; the map stays clickable to pick the position, as in the other forms. */
function LandscapeFormModal({
  landscape,
  picking,
  onPickingChange,
  picked,
  onPositionChange,
  onSaved,
  onClose,
}: {
  landscape: Landscape | null;
  picking: boolean;
  onPickingChange: (on: boolean) => void;
  picked: Pos | null;
  onPositionChange: (p: Pos | null) => void;
  onSaved: (l: Landscape) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<LandscapeFormValues>();
  const save = useSaveLandscape();
  const spots = useSpotOptions();
  const { version, offerStale } = useEditVersion(landscape);
  const label = (f: string) => t(`landscape.fields.${f}`);
  const required = (f: string) => ({ required: true, message: t('spot.required', { field: label(f) }) });
  const monthDay = { pattern: MONTH_DAY_PATTERN, message: t('landscape.monthDay') };

  useEffect(() => {
    if (picked)
      form.setFields([
        { name: 'lon', value: Math.round(picked.lon * 10_000) / 10_000, errors: [] },
        { name: 'lat', value: Math.round(picked.lat * 10_000) / 10_000, errors: [] },
      ]);
  }, [picked, form]);
  const lon = Form.useWatch('lon', form);
  const lat = Form.useWatch('lat', form);
  useEffect(() => onPositionChange(typeof lon === 'number' && typeof lat === 'number' ? { lon, lat } : null), [lon, lat, onPositionChange]);

  const onFinish = async (values: LandscapeFormValues) => {
    try {
      const saved = await save.mutateAsync({ id: landscape?.id, version, values: landscapeBody(values) });
      void message.success(t(landscape ? 'common.saved' : 'common.created'));
      onSaved(saved);
    } catch (error) {
      const issues = fieldIssuesOf(error)
        .map((i) => ({ ...i, field: i.field.replace(/^weather\./, '').split('.')[0]! }))
        .filter((i) => FIELDS.includes(i.field));
      if (issues.length > 0) {
        form.setFields(issues.map((i) => ({ name: i.field as keyof LandscapeFormValues, errors: [i.message] })));
        return;
      }
      if (landscape)
        await offerStale(error, {
          fetchCurrent: async () =>
            (await request('travelLandscapePage', { query: { keyword: landscape.name, size: 1000 }, silent: true })).list.find(
              (l) => l.id === landscape.id,
            ) ?? null,
          onGone: onClose,
          onReload: (fresh) => form.setFieldsValue(landscapeFormValues(fresh)),
        });
    }
  };

  const num = (f: 'tempMin' | 'tempMax' | 'maxWind') => (
    <Form.Item name={f} label={label(f)}>
      <InputNumber id={`landscape-${f}`} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={landscape ? t('landscape.editTitle') : t('landscape.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'landscape-form-submit' }}
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
      <Form<LandscapeFormValues>
        form={form}
        layout="vertical"
        size="small"
        initialValues={landscapeFormValues(landscape)}
        onFinish={(v) => void onFinish(v)}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="name" label={label('name')} rules={[{ ...required('name'), whitespace: true }]}>
              <Input id="landscape-name" maxLength={SPOT_TEXT_MAX.name} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="kind" label={label('kind')} rules={[required('kind')]}>
              <Select id="landscape-kind" options={LANDSCAPE_KINDS.map((k) => ({ value: k, label: t(`landscape.kinds.${k}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="spotId" label={label('spotId')}>
              <Select id="landscape-spot" allowClear showSearch={{ optionFilterProp: 'label' }} options={spots.data ?? []} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="regionCode" label={label('regionCode')} rules={[required('regionCode')]}>
              <RegionCascader id="landscape-region" ariaLabel={label('regionCode')} />
            </Form.Item>
          </Col>
        </Row>
        <div className="tr-pick" data-picking={picking ? 'on' : 'off'}>
          <Switch id="landscape-pick" size="small" checked={picking} onChange={onPickingChange} />{' '}
          <label htmlFor="landscape-pick">{t('spot.pickOnMap')}</label>
          <div className="tr-hint">
            {picked && picking ? t('spot.picked', { position: `${picked.lon.toFixed(4)}, ${picked.lat.toFixed(4)}` }) : t('spot.pickHint')}
          </div>
        </div>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="lon"
              label={label('lon')}
              rules={[required('lon'), { type: 'number', min: SANDSTORM_LIMITS.lon[0], max: SANDSTORM_LIMITS.lon[1] }]}
            >
              <InputNumber id="landscape-lon" step={0.01} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="lat"
              label={label('lat')}
              rules={[required('lat'), { type: 'number', min: SANDSTORM_LIMITS.lat[0], max: SANDSTORM_LIMITS.lat[1] }]}
            >
              <InputNumber id="landscape-lat" step={0.01} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="bestFrom" label={label('bestFrom')} rules={[required('bestFrom'), monthDay]}>
              <Input id="landscape-from" placeholder="03-15" maxLength={5} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bestTo" label={label('bestTo')} rules={[required('bestTo'), monthDay]}>
              <Input id="landscape-to" placeholder="04-10" maxLength={5} />
            </Form.Item>
          </Col>
        </Row>
        {/* Two a row: a quarter of the dialog is too narrow for these labels on one line (Spanish wraps them to three,
            drawn under the fields). */}
        <Row gutter={12}>
          <Col span={12}>{num('tempMin')}</Col>
          <Col span={12}>{num('tempMax')}</Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>{num('maxWind')}</Col>
          <Col span={12}>
            <Form.Item name="precipitation" label={label('precipitation')}>
              <Select
                id="landscape-precipitation"
                options={PRECIPITATION_NEEDS.map((p) => ({ value: p, label: t(`landscape.precipitation.${p}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="photos" label={label('photos')}>
          <PhotoList />
        </Form.Item>
        <Form.Item name="description" label={label('description')}>
          <Input.TextArea id="landscape-description" rows={2} maxLength={SPOT_TEXT_MAX.description} />
        </Form.Item>
        <Form.Item name="published" label={label('published')} valuePropName="checked">
          <Switch id="landscape-published" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /travel-manage/travel-landscape: seasonal landscapes as a table (name, kind, region) and on the map coloured by
 * kind; season and weather needs shown per landscape, in season or not today; create, edit, delete.
 */
export function LandscapePage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  useHideForecast(true);
  const fields = useMemo<FilterField<LandscapeFilters>[]>(
    () => [
      { kind: 'keyword', key: 'keyword', id: 'landscape-search', placeholder: t('landscape.searchPlaceholder'), width: 200 },
      {
        kind: 'select',
        key: 'kind',
        id: 'landscape-filter-kind',
        label: t('landscape.fields.kind'),
        width: 120,
        options: LANDSCAPE_KINDS.map((k) => ({ value: k, label: t(`landscape.kinds.${k}`) })),
      },
      regionFilter('code', 'landscape-filter-region', t('landscape.region'), 200),
    ],
    [t],
  );
  const list = useListPage<Landscape, LandscapeFilters, ReturnType<typeof useLandscapePage>>({
    filters: fields,
    pageSize: 10,
    useRows: useLandscapePage,
  });
  const { filters } = list;
  const onMap = useLandscapesOnMap(filters);
  const items = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const editor = useEditor<Landscape>();
  const editing = editor.editing;
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<Pos | null>(null);
  const [draft, setDraft] = useState<Pos | null>(null);
  const remove = useDeleteLandscape();
  const confirmDelete = useConfirmDelete();
  const look = useMemo(() => ({ colour: (l: Landscape) => KIND_COLOURS[l.kind], label: (l: Landscape) => l.name }), []);
  const at = useRecordLayer(map, items, look, selectedId, editing && picking ? draft : null, 'landscapes');
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const key = JSON.stringify(filters);
    if (!onMap.data || onMap.isPlaceholderData || fitted.current === key) return;
    fitted.current = key;
    fitRecords(map, items);
  }, [map, onMap.data, onMap.isPlaceholderData, items, filters]);
  useMapClicks(({ lon, lat, pixel }) => {
    if (editing) {
      if (picking) setPicked({ lon, lat });
      return;
    }
    const hit = at(pixel);
    if (hit?.kind === 'record') setSelectedId(hit.id);
  });
  const openEditor = editor.open;
  const edit = useCallback(
    (landscape: Landscape | null) => {
      setPicked(null);
      setDraft(null);
      setPicking(landscape === null);
      openEditor(landscape);
    },
    [openEditor],
  );
  const askDelete = useCallback((l: Landscape) => confirmDelete(l.name, () => remove.mutateAsync(l.id)), [confirmDelete, remove]);

  const columns = useMemo<FitColumn<Landscape>[]>(
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

  const weatherText = (l: Landscape) =>
    [
      l.weather.tempMin !== null ? `${t('landscape.fields.tempMin')} ${l.weather.tempMin}` : '',
      l.weather.tempMax !== null ? `${t('landscape.fields.tempMax')} ${l.weather.tempMax}` : '',
      l.weather.maxWind !== null ? `${t('landscape.fields.maxWind')} ${l.weather.maxWind}` : '',
      `${t('landscape.fields.precipitation')}: ${t(`landscape.precipitation.${l.weather.precipitation}`)}`,
    ]
      .filter(Boolean)
      .join('；');

  return (
    <ListPageView
      id="landscape-page"
      titleKey="travelLandscape"
      className="tr-page"
      data={{ 'data-map-records': items.length, 'data-selected': selectedId ?? '', 'data-total': list.rows.data?.total ?? '' }}
      list={list}
      actions={[
        { id: 'landscape-create', label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => edit(null) },
      ]}
      above={
        <RecordLegend
          id="landscape-legend"
          title={t('landscape.legend')}
          items={LANDSCAPE_KINDS.map((k) => ({ colour: KIND_COLOURS[k], label: t(`landscape.kinds.${k}`) }))}
        />
      }
      table={{
        id: 'landscape-table',
        columns,
        expandable: {
          expandedRowRender: (l) => (
            <div id={`landscape-detail-${l.id}`}>
              <div>{`${t('landscape.fields.regionCode')}: ${l.regionName}`}</div>
              <div>{`${t('landscape.weather')}: ${weatherText(l)}`}</div>
              {l.description ? <p className="tr-text">{l.description}</p> : null}
              <TravelWeatherPanel targetType="landscape" id={l.id} />
            </div>
          ),
          expandedRowKeys: selectedId !== null ? [selectedId] : [],
          showExpandColumn: false,
        },
        rowClassName: (l) => (l.id === selectedId ? 'tr-row-selected' : ''),
        onRow: (l) => ({
          onClick: () => {
            setSelectedId((id) => (id === l.id ? null : l.id));
            revealRecord(map, l);
          },
        }),
      }}
    >
      {editing ? (
        <LandscapeFormModal
          landscape={editing.record}
          picking={picking}
          onPickingChange={setPicking}
          picked={picked}
          onPositionChange={setDraft}
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
