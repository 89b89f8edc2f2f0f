import { CloseOutlined } from '@ant-design/icons';
import type { ZoningCellInfo, ZoningProduct } from '@agromet/contracts';
import { Button, Spin, Tag, Typography } from 'antd';
import Overlay from 'ol/Overlay';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useConsoleMap } from '../../../components/map/map-context';
import { ApiError } from '../../../lib/request';
import { queryCell } from '../api/products';
import { ClassTag } from '../common/ClassName';
import { formatValue } from '../common/format';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { NS } from '../i18n';
import { vetoLimitText } from './product-rules';

/** A cell of the product's grid outside its region: no class and no factor value. */
const outsideRegion = (info: ZoningCellInfo) => info.class === null && info.factors.every((f) => f.value === null);

type CellState = { kind: 'loading' } | { kind: 'info'; info: ZoningCellInfo } | { kind: 'outside' } | { kind: 'failed'; message: string };

/**
 * While a finished product is shown, a click on the map asks the server why that cell got its class
 * (/quhua/querydata) and shows it in a popup: the class, the veto that decided it (if any), the limiting factor, the
 * score, and each factor's value and class, a factor beyond its veto marked.
 */
export function CellPopup({ product, enabled = true }: { product: ZoningProduct; enabled?: boolean }) {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  const [element] = useState(() => document.createElement('div'));
  const overlay = useRef<Overlay | null>(null);
  const [cell, setCell] = useState<{ lon: number; lat: number; state: CellState } | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!map) return;
    const popup = new Overlay({ element, positioning: 'bottom-center', offset: [0, -10], stopEvent: true, autoPan: { margin: 20 } });
    map.addOverlay(popup);
    overlay.current = popup;
    return () => {
      controller.current?.abort();
      map.removeOverlay(popup);
      overlay.current = null;
    };
  }, [map, element]);

  // Another product: the popup of the previous one goes.
  useEffect(() => {
    controller.current?.abort();
    overlay.current?.setPosition(undefined);
    setCell(null);
  }, [product.id]);

  useMapClicks(({ lon, lat, coordinate }) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setCell({ lon, lat, state: { kind: 'loading' } });
    overlay.current?.setPosition(coordinate);
    queryCell(product.id, lon, lat, abort.signal)
      .then((info) => setCell({ lon, lat, state: { kind: 'info', info } }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.code === 4100) setCell({ lon, lat, state: { kind: 'outside' } });
        else setCell({ lon, lat, state: { kind: 'failed', message: error instanceof Error ? error.message : String(error) } });
      });
  }, enabled);

  const close = () => {
    controller.current?.abort();
    overlay.current?.setPosition(undefined);
    setCell(null);
  };

  const state = cell?.state;
  return createPortal(
    <div className="zn-cell-popup" data-testid="zoning-cell-popup" data-state={state?.kind ?? ''} hidden={!cell}>
      {cell ? (
        <>
          <div className="zn-cell-head">
            <strong>{t('product.cell.title', { lon: cell.lon.toFixed(3), lat: cell.lat.toFixed(3) })}</strong>
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('product.cell.close')} onClick={close} />
          </div>
          {state?.kind === 'loading' ? <Spin size="small" description={t('product.cell.loading')} /> : null}
          {state?.kind === 'outside' ? <Typography.Text type="secondary">{t('product.cell.outside')}</Typography.Text> : null}
          {state?.kind === 'failed' ? <Typography.Text type="danger">{state.message}</Typography.Text> : null}
          {state?.kind === 'info' ? (
            outsideRegion(state.info) ? (
              <Typography.Text type="secondary">{t('product.cell.outside')}</Typography.Text>
            ) : (
              <CellDetails info={state.info} product={product} />
            )
          ) : null}
        </>
      ) : null}
    </div>,
    element,
  );
}

function CellDetails({ info, product }: { info: ZoningCellInfo; product: ZoningProduct }) {
  const { t } = useTranslation(NS);
  const colors = product.classColors;
  return (
    <div className="zn-cell-body">
      <dl className="zn-cell-summary">
        <dt>{t('product.cell.class')}</dt>
        <dd data-testid="zoning-cell-class">
          <ClassTag cls={info.class} name={info.className} colors={colors} />
        </dd>
        {info.vetoFactor !== null ? (
          <>
            <dt>{t('product.cell.veto')}</dt>
            <dd data-testid="zoning-cell-veto">
              {t('product.cell.vetoText', {
                factor: info.vetoFactorName,
                limit: vetoLimitText(info.factors[info.vetoFactor]?.veto, info.factors[info.vetoFactor]?.unit ?? '', formatValue),
              })}
            </dd>
          </>
        ) : null}
        {info.limitingFactor !== null ? (
          <>
            <dt>{t('product.cell.limiting')}</dt>
            <dd data-testid="zoning-cell-limiting">{info.limitingFactorName}</dd>
          </>
        ) : null}
        {info.score !== null ? (
          <>
            <dt>{t('product.cell.score')}</dt>
            <dd>{formatValue(info.score, 3)}</dd>
          </>
        ) : null}
      </dl>
      <table className="zn-cell-factors" data-testid="zoning-cell-factors">
        <thead>
          <tr>
            <th>{t('product.cell.factor')}</th>
            <th>{t('product.cell.value')}</th>
            <th>{t('product.cell.factorClass')}</th>
          </tr>
        </thead>
        <tbody>
          {info.factors.map((f, k) => (
            <tr key={f.factor} className={k === info.limitingFactor ? 'zn-cell-limiting' : undefined}>
              <td>{f.name}</td>
              <td className="zn-num">{f.value === null ? t('product.cell.missing') : `${formatValue(f.value)} ${f.unit}`.trim()}</td>
              <td>
                <ClassTag cls={f.class} name={f.className} colors={colors} />
                {f.vetoed ? (
                  <Tag color="error" className="zn-cell-vetoed" style={{ marginLeft: 6 }}>
                    {t('product.cell.vetoed')}
                  </Tag>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
