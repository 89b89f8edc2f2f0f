import { GlobalOutlined } from '@ant-design/icons';
import type { BaseLayer } from '@agromet/contracts';
import { Button, Checkbox, Popover, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { MAP_NS } from './i18n';
import { layerTitleKey, styleFor, stylesFor, type ProductStyle } from './map-rules';
import { useMapStore } from './map-store';

/** Base-layer choice (Tianditu, AutoNavi, OSM, offline) and their annotation labels. */
export function LayerSwitcher({ layers, activeBase }: { layers: readonly BaseLayer[]; activeBase: string }) {
  const { t } = useTranslation(MAP_NS);
  const { labels, setBase, setLabels, style, setStyle, factor } = useMapStore(
    useShallow((s) => ({
      labels: s.labels,
      setBase: s.setBase,
      setLabels: s.setLabels,
      style: s.style,
      setStyle: s.setStyle,
      factor: s.selection?.factor,
    })),
  );
  const bases = layers.filter((l) => !l.overlay);

  const content = (
    <div className="map-layer-switcher" data-testid="map-layer-switcher">
      <Radio.Group value={activeBase} onChange={(e) => setBase(e.target.value as string)}>
        <Space direction="vertical" size={4}>
          {bases.map((l) => (
            <Radio key={l.id} value={l.id}>
              {t(layerTitleKey(l.title))}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Checkbox className="map-labels-toggle" checked={labels} onChange={(e) => setLabels(e.target.checked)}>
        {t('base.labels')}
      </Checkbox>
      <div className="map-style-switcher" data-testid="map-style-switcher">
        <div className="map-style-title">{t('style.title')}</div>
        <Radio.Group value={styleFor(style, factor)} onChange={(e) => setStyle(e.target.value as ProductStyle)}>
          <Space direction="vertical" size={4}>
            {stylesFor(factor).map((s) => (
              <Radio key={s} value={s}>
                {t(`style.${s}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </div>
    </div>
  );

  return (
    <div className="map-control map-control-layers">
      <Popover content={content} title={t('base.title')} trigger="click" placement="leftTop">
        <Button icon={<GlobalOutlined />} aria-label={t('base.title')} title={t('base.title')} />
      </Popover>
    </div>
  );
}
