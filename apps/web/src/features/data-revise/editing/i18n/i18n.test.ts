import { describe, expect, it } from 'vitest';
import { describeLocaleBundle } from '../../../../test/locale-tree';
import en from './en';
import es from './es';
import zh from './zh';

await describeLocaleBundle('revision editing', { zh, en, es });

describe('counted words in English and Spanish', () => {
  it('says one lead time and one cell in the singular, more in the plural', async () => {
    const { default: i18n } = await import('../../../../lib/i18n');
    const { REVISE_EDIT_NS } = await import('./index');
    const en = i18n.getFixedT('en', REVISE_EDIT_NS);
    const es = i18n.getFixedT('es', REVISE_EDIT_NS);
    const zh = i18n.getFixedT('zh', REVISE_EDIT_NS);
    expect(en('submit.success', { leads: 1, cells: 1 })).toBe('Revision saved: 1 lead time, 1 grid cell changed');
    expect(en('submit.success', { leads: 3, cells: 120 })).toBe('Revision saved: 3 lead times, 120 grid cells changed');
    expect(es('submit.success', { leads: 1, cells: 1 })).toBe('Corrección guardada: 1 plazo, 1 celda cambiada');
    expect(es('submit.success', { leads: 2, cells: 15 })).toBe('Corrección guardada: 2 plazos, 15 celdas cambiadas');
    expect(zh('submit.success', { leads: 1, cells: 1 })).toBe('订正已保存：1 个时效，共修改 1 个格点');
    expect(en('issue.violationItem', { rule: 'R', factor: 'T', lead: 24, cells: 1 })).toMatch(/· 1 cell$/);
    expect(es('issue.started', { seq: 2, grids: 1 })).toContain('exportando 1 rejilla a archivos');
  });
});
