import type { FeatureLike } from 'ol/Feature';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { formatPointValue, LABEL_FONT_PX, labelFontPx } from './map-rules';

const FONT_FAMILY = 'Arial, sans-serif';
let measureContext: CanvasRenderingContext2D | null | undefined;

function textWidth(text: string): number {
  if (measureContext === undefined) measureContext = document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * LABEL_FONT_PX * 0.6;
  measureContext.font = `${LABEL_FONT_PX}px ${FONT_FAMILY}`;
  return measureContext.measureText(text).width;
}

const cache = new Map<string, Style>();

/** A value label: 2 decimals, shrunk to stay within 30 px wide, haloed to read on any base. */
export function pointLabelStyle(feature: FeatureLike): Style {
  const text = formatPointValue(Number(feature.get('value')));
  let style = cache.get(text);
  if (!style) {
    const font = labelFontPx(textWidth(text));
    style = new Style({
      text: new Text({
        text,
        font: `${font}px ${FONT_FAMILY}`,
        fill: new Fill({ color: '#1f1f1f' }),
        stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
        overflow: true,
      }),
    });
    if (cache.size > 5000) cache.clear();
    cache.set(text, style);
  }
  return style;
}
