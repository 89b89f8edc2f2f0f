import { Button, Form, Radio, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BoundaryLayerSelect } from '../../../components/map/BoundaryLayerSelect';
import { NS } from '../i18n';
import type { RegionKind } from './make-rules';
import type { CropChoiceState } from './use-crop-choice';
import type { ZoningRegionState } from './use-zoning-region';

/** The crop, its criterion, and what the criterion weighs. */
export function CropCriterionFields({ choice }: { choice: CropChoiceState }) {
  const { t } = useTranslation(NS);
  const { crops, cropId, criteria, criterion } = choice;
  return (
    <>
      <div className="zn-form-row">
        <Form.Item label={t('make.crop')} htmlFor="zoning-crop">
          <Select
            id="zoning-crop"
            value={cropId}
            loading={crops.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(crops.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(id: number) => choice.chooseCrop(id)}
          />
        </Form.Item>
        <Form.Item
          label={t('make.criterion')}
          htmlFor="zoning-criterion"
          help={cropId !== undefined && criteria.data?.length === 0 ? t('make.noCriteria') : undefined}
        >
          <Select
            id="zoning-criterion"
            value={choice.criteriaId}
            loading={criteria.isFetching}
            disabled={cropId === undefined}
            placeholder={cropId === undefined ? t('make.chooseCrop') : undefined}
            options={(criteria.data ?? []).map((c) => ({
              value: c.id,
              label: `${c.name} · ${t(`methods.${c.method}`)}`,
            }))}
            onChange={(id: number) => choice.setCriteriaId(id)}
          />
        </Form.Item>
      </div>
      {criterion ? (
        <Typography.Paragraph type="secondary" className="zn-hint" ellipsis={{ rows: 2 }}>
          {criterion.example ? <Tag color="gold">{t('common.example')}</Tag> : null}
          {criterion.factors.length} · {criterion.description || t(`methods.${criterion.method}Hint`)}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}

/** The boundary layer, the button picking an area on the map, and the area picked. */
function AreaTools({ where }: { where: ZoningRegionState }) {
  const { t } = useTranslation(NS);
  const { tool, area } = where;
  return (
    <Space wrap size={8} className="zn-region-tools">
      <BoundaryLayerSelect
        aria-label={t('make.boundary')}
        style={{ minWidth: 140 }}
        value={where.boundary?.id}
        boundaries={where.boundaries}
        onChange={(id: string) => where.chooseBoundary(id)}
      />
      <Button id="zoning-pick" type={tool === 'pick' ? 'primary' : 'default'} onClick={() => where.toggleTool('pick')}>
        {tool === 'pick' ? t('make.stopPicking') : t('make.pickArea')}
      </Button>
      <Typography.Text id="zoning-area" type={area ? undefined : 'secondary'}>
        {tool === 'pick' ? t('make.picking') : area ? t('make.pickedArea', { name: area.name }) : t('make.noArea')}
      </Typography.Text>
    </Space>
  );
}

/** The button drawing a polygon on the map, clearing it, and the polygon drawn. */
function PolygonTools({ where }: { where: ZoningRegionState }) {
  const { t } = useTranslation(NS);
  const { tool, ring } = where;
  return (
    <Space wrap size={8} className="zn-region-tools">
      <Button id="zoning-draw" type={tool === 'draw' ? 'primary' : 'default'} onClick={() => where.toggleTool('draw')}>
        {tool === 'draw' ? t('make.stopDrawing') : t('make.draw')}
      </Button>
      <Button disabled={!ring} onClick={where.clearRing}>
        {t('make.clear')}
      </Button>
      <Typography.Text id="zoning-polygon" type={ring ? undefined : 'secondary'}>
        {tool === 'draw' ? t('make.drawing') : ring ? t('make.polygonReady', { count: ring.length - 1 }) : t('make.noPolygon')}
      </Typography.Text>
    </Space>
  );
}

/** The region: the customer's whole region, an area picked on the map, or a polygon drawn on it. */
export function RegionFields({ where }: { where: ZoningRegionState }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Form.Item label={t('make.region')} className="zn-region">
        <Radio.Group
          id="zoning-region"
          value={where.region}
          onChange={(e) => where.chooseRegion(e.target.value as RegionKind)}
          options={(['customer', 'area', 'polygon'] as const).map((k) => ({ value: k, label: t(`region.${k}`) }))}
        />
      </Form.Item>
      {where.region === 'area' ? <AreaTools where={where} /> : null}
      {where.region === 'polygon' ? <PolygonTools where={where} /> : null}
    </>
  );
}
