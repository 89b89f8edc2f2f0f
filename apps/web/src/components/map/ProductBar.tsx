import type { ForecastTypeInfo } from '@agromet/contracts';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Slider, Tooltip } from 'antd';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { ForecastChoice } from '../forecast-choice/ForecastChoice';
import { MAP_NS } from './i18n';
import { legendUrl, resolveSelection, styleFor, validTimeOf } from './map-rules';
import { useMapStore } from './map-store';
import { formatDateTime } from '../../lib/format-time';
import { nameWithUnit } from '../../lib/format-unit';
import { leadIndexOf, leadMarks, summaryText } from './product-bar-rules';

type Selection = NonNullable<ReturnType<typeof useMapStore.getState>['selection']>;

/**
 * Choice of the product layer (type, factor, base time), its lead-time slider, point values and legend, along the
 * map's bottom edge. `barRef` gets the bar's element (the page panel keeps above it). On a phone the bar is one line,
 * what is shown and when, that opens the whole bar on a tap: the whole bar there takes a quarter of the screen.
 * Both forms render the same two outer elements, so the bar's element stays the same one when it opens, closes or the
 * window changes between phone and desktop: the map's view padding (use-view-padding.ts) watches that element, and a
 * new one would restart it without fitting the content again.
 */
export function ProductBar({
  products,
  wmsUrl,
  barRef,
}: {
  products: readonly ForecastTypeInfo[];
  wmsUrl: string;
  barRef?: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation(MAP_NS);
  const token = useUserStore((s) => s.token);
  const style = useMapStore((s) => s.style);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [open, setOpen] = useState(false);
  const { selection, setSelection } = useMapStore(useShallow((s) => ({ selection: s.selection, setSelection: s.setSelection })));
  if (!selection) return null;
  const type = products.find((p) => p.code === selection.type);
  if (!type) return null;
  const choose = (patch: Partial<Selection>) => setSelection(resolveSelection(products, { ...selection, ...patch }));
  // Each factor has its own times: another factor of the type may have a newer, partial run.
  const factor = type.factors.find((f) => f.code === selection.factor);
  const leads = factor?.leads ?? [];
  const valid = t('product.validTime', { time: formatDateTime(validTimeOf(selection.baseTime, selection.lead)) });

  if (mobile && !open) {
    return (
      <div className="map-bottom">
        <div ref={barRef} className="map-product-bar map-product-bar-compact" data-testid="map-product-bar">
          <Button
            type="text"
            size="small"
            className="map-product-summary"
            aria-expanded={false}
            aria-label={t('product.showControls')}
            icon={<UpOutlined />}
            iconPosition="end"
            onClick={() => setOpen(true)}
          >
            <span className="map-product-summary-text">
              {summaryText([factor ? nameWithUnit(factor) : '', t('product.leadHours', { hours: selection.lead }), valid])}
            </span>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="map-bottom">
      <div ref={barRef} className="map-product-bar" data-testid="map-product-bar">
        {mobile ? (
          <Button
            type="text"
            size="small"
            className="map-product-hide"
            aria-expanded
            aria-label={t('product.hideControls')}
            icon={<DownOutlined />}
            onClick={() => setOpen(false)}
          />
        ) : null}
        <ProductChoice products={products} selection={selection} choose={choose} />
        <ProductTime leads={leads} lead={selection.lead} valid={valid} choose={choose} />
      </div>
      <div className="map-legend" data-testid="map-legend">
        <img src={legendUrl(wmsUrl, selection, token, styleFor(style, selection.factor), i18n.language)} alt={t('product.legend')} />
      </div>
    </div>
  );
}

/** The product's type, factor and base time. */
function ProductChoice({
  products,
  selection,
  choose,
}: {
  products: readonly ForecastTypeInfo[];
  selection: Selection;
  choose: (patch: Partial<Selection>) => void;
}) {
  const { t } = useTranslation(MAP_NS);
  return (
    <div className="map-product-choice">
      <ForecastChoice
        types={products}
        value={selection}
        on={{
          type: (code) => choose({ type: code, baseTime: '', factor: '' }),
          factor: (code) => choose({ factor: code }),
          baseTime: (baseTime) => choose({ baseTime }),
        }}
        fields={{
          type: { label: t('product.type'), className: 'map-product-type' },
          factor: { label: t('product.factor'), className: 'map-product-factor' },
          baseTime: { label: t('product.baseTime'), className: 'map-product-base' },
        }}
        common={{ size: 'small', popupMatchSelectWidth: false }}
      />
    </div>
  );
}

/** The lead-time slider with the valid time, the point values' switch and the layer's opacity. */
function ProductTime({
  leads,
  lead,
  valid,
  choose,
}: {
  leads: readonly number[];
  lead: number;
  valid: string;
  choose: (patch: Partial<Selection>) => void;
}) {
  const { t } = useTranslation(MAP_NS);
  const { points, setPoints, opacity, setOpacity } = useMapStore(
    useShallow((s) => ({ points: s.points, setPoints: s.setPoints, opacity: s.opacity, setOpacity: s.setOpacity })),
  );
  return (
    <div className="map-product-time">
      <div className="map-product-lead">
        <span className="map-product-lead-label">{t('product.leadHours', { hours: lead })}</span>
        <Slider
          className="map-lead-slider"
          aria-label={t('product.lead')}
          min={0}
          max={Math.max(0, leads.length - 1)}
          step={1}
          marks={leadMarks(leads)}
          value={leadIndexOf(leads, lead)}
          disabled={leads.length < 2}
          tooltip={{ formatter: (i) => (i === undefined ? '' : t('product.leadHours', { hours: leads[i] })) }}
          onChange={(i: number) => choose({ lead: leads[i] ?? 0 })}
        />
        <span className="map-product-valid">{valid}</span>
      </div>
      <Checkbox className="map-points-toggle" checked={points} onChange={(e) => setPoints(e.target.checked)}>
        {t('product.points')}
      </Checkbox>
      <Tooltip title={t('product.opacity')}>
        <Slider
          className="map-opacity"
          min={0}
          max={1}
          step={0.05}
          value={opacity}
          onChange={(v: number) => setOpacity(v)}
          aria-label={t('product.opacity')}
        />
      </Tooltip>
    </div>
  );
}
