import type { FeatureLike } from 'ol/Feature';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { LABEL_FONT_PX, labelFontPx } from './map-rules';

const FONT_FAMILY = 'Arial, sans-serif';
let measureContext: CanvasRenderingContext2D | null | undefined;

function textWidth(text: string): number {
  if (measureContext === undefined) measureContext = document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * LABEL_FONT_PX * 0.6;
  measureContext.font = `${LABEL_FONT_PX}px ${FONT_FAMILY}`;
  return measureContext.measureText(text).width;
}

const cache = new Map<string, Style>();

/**
 * A point's label (its feature's `label`, see pointLabelOf), haloed to read on any base. A value is shrunk to stay
 * within 30 px wide; a class's name (the weather phenomenon) keeps the normal size and is left out where it would
 * overprint another name (the layer declutters), so that every name shown reads whole.
 */
export function pointLabelStyle(feature: FeatureLike): Style {
  const text = String(feature.get('label') ?? '');
  const named = feature.get('named') === true;
  const key = `${named ? 'n' : 'v'}${text}`;
  let style = cache.get(key);
  if (!style) {
    const font = named ? LABEL_FONT_PX : labelFontPx(textWidth(text));
    style = new Style({
      text: new Text({
        text,
        font: `${font}px ${FONT_FAMILY}`,
        fill: new Fill({ color: '#1f1f1f' }),
        stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
        overflow: true,
        declutterMode: named ? 'declutter' : 'none',
      }),
    });
    if (cache.size > 5000) cache.clear();
    cache.set(key, style);
  }
  return style;
}
