import { describe, expect, it } from 'vitest';
import { installMessages } from '../../core/messages.js';
import { riskMessages } from './messages.js';
import { beijingDate, formatKm2, summarySentence } from './summary.js';

installMessages([riskMessages]);

describe('risk summaries', () => {
  const area = { name: '榆林市', worst: 3, dates: ['2026-11-24'], km2: 1230.4 };

  it('reads as the service text in zh, en and es', () => {
    expect(summarySentence({ kind: 'frost', hazardName: '霜冻', cropName: '苹果', lang: 'zh' }, area)).toBe(
      '榆林市：2026-11-24 苹果霜冻橙色风险，面积 1 230 km²',
    );
    expect(summarySentence({ kind: 'frost', hazardName: 'Frost', cropName: 'Apple', lang: 'en' }, { ...area, name: 'Yulin' })).toBe(
      'Yulin: orange frost risk for apple on 2026-11-24 over 1 230 km²',
    );
    expect(summarySentence({ kind: 'frost', hazardName: 'Helada', cropName: 'Manzano', lang: 'es' }, { ...area, name: 'Yulin' })).toBe(
      'Yulin: riesgo naranja de helada para manzano el 2026-11-24 en 1 230 km²',
    );
  });

  it('without a crop, with several dates, custom hazards by name, and no risk', () => {
    expect(
      summarySentence(
        { kind: 'rain', hazardName: '暴雨', cropName: '', lang: 'zh' },
        { ...area, worst: 4, dates: ['2026-11-24', '2026-11-25'] },
      ),
    ).toBe('榆林市：2026-11-24、2026-11-25 暴雨红色风险，面积 1 230 km²');
    expect(
      summarySentence({ kind: 'custom', hazardName: 'Late frost', cropName: '', lang: 'en' }, { ...area, name: 'Yulin', worst: 1 }),
    ).toBe('Yulin: blue Late frost risk on 2026-11-24 over 1 230 km²');
    expect(summarySentence({ kind: 'heat', hazardName: '', cropName: '', lang: 'en' }, { ...area, name: 'Yulin', worst: 0 })).toBe(
      'Yulin: no heat risk on 2026-11-24',
    );
  });

  it('groups thousands and dates in Beijing time', () => {
    expect(formatKm2(0.4)).toBe('0');
    expect(formatKm2(999.6)).toBe('1 000');
    expect(formatKm2(1234567)).toBe('1 234 567');
    expect(beijingDate('2026-11-24T16:00:00Z')).toBe('2026-11-25');
    expect(beijingDate('2026-11-24T15:59:00Z')).toBe('2026-11-24');
  });
});
