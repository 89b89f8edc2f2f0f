import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { describe, expect, it } from 'vitest';
import { pointLabelStyle } from './point-style';

const labelled = (label: string, named: boolean) => new Feature({ geometry: new Point([0, 0]), label, named });

describe('point label style', () => {
  it('draws a value within 30 px, always (values are spaced by the server, never thinned here)', () => {
    const text = pointLabelStyle(labelled('-12.35', false)).getText()!;
    expect(text.getText()).toBe('-12.35');
    expect(text.getDeclutterMode()).toBe('none');
  });

  it('draws a phenomenon’s name whole at the normal size, giving way where names would overprint', () => {
    const text = pointLabelStyle(labelled('Heavy snow to snowstorm', true)).getText()!;
    expect(text.getText()).toBe('Heavy snow to snowstorm');
    expect(text.getFont()).toMatch(/^12px /);
    expect(text.getDeclutterMode()).toBe('declutter');
  });
});
