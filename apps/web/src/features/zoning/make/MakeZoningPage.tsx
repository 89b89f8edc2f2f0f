import { PlayCircleOutlined } from '@ant-design/icons';
import type { ZoningExecuteBody } from '@agromet/contracts';
import { Alert, Button, Form, Input, List, Progress, Radio, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_NS } from '../../../components/map/i18n';
import { layerName } from '../../../components/map/map-rules';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapLayers } from '../../../components/map/use-map-data';
import { toastSuccess } from '../../../lib/feedback';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useUserStore } from '../../../stores/user';
import { useCrops } from '../api/crops';
import { useCriteriaOfCrop } from '../api/criteria';
import { useBaseFactors } from '../api/factors';
import { gridExtent } from '../common/class-image';
import { fitLonLatBox } from '../../../components/map/fit-view';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useExecuteZoning, useProduct, useProductPage, useRunningProducts } from '../api/products';
import { ZoningPage } from '../common/ZoningPage';
import { NS } from '../i18n';
import { ProductView } from '../product/ProductView';
import { initialCrop, readLastCrop, saveLastCrop } from './crop-choice';
import { areaCode, areaNameOf, proposedName, type Ring } from './region-rules';
import { useBoundaryAreas, usePolygonRegion } from './use-region-layers';

type RegionKind = 'customer' | 'area' | 'polygon';

/**
 * /zoning-manage/make-zoning: choose crop, criterion and region (the customer's whole region, an area of a boundary
 * layer picked on the map, or a polygon drawn on it), name the product and run it as a job; a progress bar follows
 * it and the result appears on the map, where a click on a cell explains its class.
 */
export function MakeZoningPage() {
  const { t } = useTranslation(NS);
  const { t: tMap } = useTranslation(MAP_NS);
  const crops = useCrops();
  const [cropId, setCropId] = useState<number | undefined>();
  const criteria = useCriteriaOfCrop(cropId);
  const [criteriaId, setCriteriaId] = useState<number | undefined>();
  const [region, setRegion] = useState<RegionKind>('customer');
  const { data: layers } = useMapLayers();
  const boundaries = useMemo(() => layers?.boundaries ?? [], [layers]);
  const [boundaryId, setBoundaryId] = useState<string | undefined>();
  const boundary = boundaries.find((b) => b.id === boundaryId) ?? boundaries[0];
  const [area, setArea] = useState<{ layerId: string; index: number; name: string } | null>(null);
  const [ring, setRing] = useState<Ring | null>(null);
  const [tool, setTool] = useState<'none' | 'pick' | 'draw'>('none');
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [productId, setProductId] = useState<number | undefined>();
  const product = useProduct(productId);
  const running = useRunningProducts();
  const execute = useExecuteZoning();
  const map = useConsoleMap();
  const factors = useBaseFactors();
  // While an area or polygon is being chosen the forecast layer would only be in the way.
  useHideForecast(region !== 'customer');

  const crop = crops.data?.find((c) => c.id === cropId);
  const criterion = criteria.data?.find((c) => c.id === criteriaId);

  // The crop to start with is the customer's: the one last run here, else that of its newest product (crop-choice.ts).
  const customerId = useUserStore((s) => s.customerId);
  const newest = useProductPage(undefined, { page: 1, size: 1 });
  useEffect(() => {
    if (cropId !== undefined || !crops.data?.length || newest.isPending) return;
    setCropId(initialCrop(crops.data, readLastCrop(customerId), newest.data?.list[0]?.cropId));
  }, [crops.data, cropId, customerId, newest.isPending, newest.data]);
  useEffect(() => {
    if (criteria.data && !criteria.data.some((c) => c.id === criteriaId)) setCriteriaId(criteria.data[0]?.id);
  }, [criteria.data, criteriaId]);
  // The name follows crop and criterion until the user writes one.
  useEffect(() => {
    if (!nameTouched && crop && criterion) {
      setName(proposedName(crop.name, criterion.name, new Date()));
    }
  }, [crop, criterion, nameTouched]);

  useBoundaryAreas(
    boundary,
    region === 'area',
    tool === 'pick',
    area && boundary && area.layerId === boundary.id ? area.index : null,
    (picked) => {
      if (!boundary) return;
      setArea({
        layerId: boundary.id,
        index: picked.index,
        name: areaNameOf(picked.properties, picked.index, (n) => t('make.areaName', { n })),
      });
      setTool('none');
      setProblem(null);
    },
  );
  usePolygonRegion(ring, region === 'polygon', tool === 'draw', (drawn) => {
    setRing(drawn);
    setTool('none');
    setProblem(null);
  });

  const chooseRegion = (kind: RegionKind) => {
    setRegion(kind);
    // The customer's region (where the base factors have grids) comes into view to pick or draw in.
    const geometry = factors.data?.find((f) => f.geometry)?.geometry;
    if (map && geometry && kind !== 'customer') fitLonLatBox(map, gridExtent(geometry));
    setProblem(null);
    setTool(kind === 'area' && !area ? 'pick' : kind === 'polygon' && !ring ? 'draw' : 'none');
  };

  const submit = async () => {
    let body: ZoningExecuteBody;
    if (criteriaId === undefined) return setProblem(t('make.needCriterion'));
    if (name.trim() === '') return setProblem(t('make.needName'));
    if (region === 'area') {
      if (!area) return setProblem(t('make.needArea'));
      body = { criteriaId, name: name.trim(), areaCode: areaCode(area.layerId, area.index) };
    } else if (region === 'polygon') {
      if (!ring) return setProblem(t('make.needPolygon'));
      body = { criteriaId, name: name.trim(), polygon: { type: 'Polygon', coordinates: [ring] } };
    } else body = { criteriaId, name: name.trim() };
    setProblem(null);
    setTool('none');
    try {
      const created = await execute.mutateAsync(body);
      if (cropId !== undefined) saveLastCrop(customerId, cropId);
      setProductId(created.productId);
      toastSuccess(t('make.submitted'));
      void running.refetch();
    } catch (error) {
      logUnlessShown(error, 'zoning execute');
    }
  };

  const others = (running.data ?? []).filter((r) => r.productId !== productId);

  return (
    <ZoningPage id="make-zoning" titleKey="makeZoning" data={{ 'data-product': productId ?? '', 'data-tool': tool }}>
      {region !== 'customer' ? <span className="zn-hides-forecast" hidden /> : null}
      <Form layout="vertical" className="zn-form" onSubmitCapture={(e) => e.preventDefault()}>
        <div className="zn-form-row">
          <Form.Item label={t('make.crop')} htmlFor="zoning-crop">
            <Select
              id="zoning-crop"
              value={cropId}
              loading={crops.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              options={(crops.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              onChange={(id: number) => {
                setCropId(id);
                setCriteriaId(undefined);
              }}
            />
          </Form.Item>
          <Form.Item
            label={t('make.criterion')}
            htmlFor="zoning-criterion"
            help={cropId !== undefined && criteria.data?.length === 0 ? t('make.noCriteria') : undefined}
          >
            <Select
              id="zoning-criterion"
              value={criteriaId}
              loading={criteria.isFetching}
              disabled={cropId === undefined}
              placeholder={cropId === undefined ? t('make.chooseCrop') : undefined}
              options={(criteria.data ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} · ${t(`methods.${c.method}`)}`,
              }))}
              onChange={(id: number) => setCriteriaId(id)}
            />
          </Form.Item>
        </div>
        {criterion ? (
          <Typography.Paragraph type="secondary" className="zn-hint" ellipsis={{ rows: 2 }}>
            {criterion.example ? <Tag color="gold">{t('common.example')}</Tag> : null}
            {criterion.factors.length} · {criterion.description || t(`methods.${criterion.method}Hint`)}
          </Typography.Paragraph>
        ) : null}
        <Form.Item label={t('make.region')} className="zn-region">
          <Radio.Group
            id="zoning-region"
            value={region}
            onChange={(e) => chooseRegion(e.target.value as RegionKind)}
            options={(['customer', 'area', 'polygon'] as const).map((k) => ({ value: k, label: t(`region.${k}`) }))}
          />
        </Form.Item>
        {region === 'area' ? (
          <Space wrap size={8} className="zn-region-tools">
            <Select
              aria-label={t('make.boundary')}
              style={{ minWidth: 140 }}
              value={boundary?.id}
              options={boundaries.map((b) => ({ value: b.id, label: layerName(b.name, tMap) }))}
              onChange={(id: string) => {
                setBoundaryId(id);
                setArea(null);
                setTool('pick');
              }}
            />
            <Button
              id="zoning-pick"
              type={tool === 'pick' ? 'primary' : 'default'}
              onClick={() => setTool(tool === 'pick' ? 'none' : 'pick')}
            >
              {tool === 'pick' ? t('make.stopPicking') : t('make.pickArea')}
            </Button>
            <Typography.Text id="zoning-area" type={area ? undefined : 'secondary'}>
              {tool === 'pick' ? t('make.picking') : area ? t('make.pickedArea', { name: area.name }) : t('make.noArea')}
            </Typography.Text>
          </Space>
        ) : null}
        {region === 'polygon' ? (
          <Space wrap size={8} className="zn-region-tools">
            <Button
              id="zoning-draw"
              type={tool === 'draw' ? 'primary' : 'default'}
              onClick={() => setTool(tool === 'draw' ? 'none' : 'draw')}
            >
              {tool === 'draw' ? t('make.stopDrawing') : t('make.draw')}
            </Button>
            <Button disabled={!ring} onClick={() => setRing(null)}>
              {t('make.clear')}
            </Button>
            <Typography.Text id="zoning-polygon" type={ring ? undefined : 'secondary'}>
              {tool === 'draw' ? t('make.drawing') : ring ? t('make.polygonReady', { count: ring.length - 1 }) : t('make.noPolygon')}
            </Typography.Text>
          </Space>
        ) : null}
        <Form.Item label={t('make.name')} htmlFor="zoning-name" className="zn-section">
          <Input
            id="zoning-name"
            maxLength={64}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameTouched(true);
            }}
          />
        </Form.Item>
        {problem ? <Alert type="warning" showIcon title={problem} className="zn-hint" data-testid="zoning-make-problem" /> : null}
        <Button
          id="zoning-execute"
          type="primary"
          icon={<PlayCircleOutlined aria-hidden />}
          loading={execute.isPending}
          disabled={criteriaId === undefined}
          onClick={() => void submit()}
        >
          {t('make.execute')}
        </Button>
      </Form>
      {product.data && product.data.id === productId ? (
        <ProductView product={product.data} clicks={tool === 'none'} onClose={() => setProductId(undefined)} />
      ) : productId !== undefined ? (
        // Just submitted: the job is queued until the product's first answer says more.
        <div className="zn-progress" data-testid="zoning-progress" data-progress={0}>
          <Typography.Text type="secondary">
            {t('make.progress')} · {t('status.queued')}
          </Typography.Text>
          <Progress percent={0} status="active" />
        </div>
      ) : null}
      <section className="zn-running" aria-label={t('make.running')}>
        <Typography.Text strong>{t('make.running')}</Typography.Text>
        {others.length === 0 ? (
          <div className="zn-hint">{t('make.noRunning')}</div>
        ) : (
          <List
            size="small"
            data-testid="zoning-running"
            dataSource={others}
            renderItem={(r) => (
              <List.Item>
                <div className="zn-running-item">
                  <Button type="link" size="small" onClick={() => setProductId(r.productId)}>
                    {r.name}
                  </Button>
                  <Progress percent={r.progress} size="small" status="active" />
                </div>
              </List.Item>
            )}
          />
        )}
      </section>
    </ZoningPage>
  );
}
