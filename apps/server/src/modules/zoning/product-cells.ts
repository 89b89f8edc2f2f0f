import { ZONING_CLASS_COUNT, ZONING_NO_CLASS, type ZoningCellInfo } from '@agromet/contracts';
import { breaksVeto, cellAt } from '@agromet/grid';
import type { AuthContext } from '../../core/auth/context.js';
import { errors } from '../../core/errors.js';
import { translate, type Lang } from '../../core/messages.js';
import { resolvedClassNames, storedClassNames } from './criteria.js';
import { factorDef, factorName } from './factors.js';
import { productFiles, productGeometry, productRow, type ZoningDeps } from './products.js';
import { storedDefinition } from './stored.js';

// A cell of a finished zoning product (docs/zoning.md#products): why it got its class, read from the product's files.

const roundTo = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Why a cell got its class: every factor's value, class and veto, the limiting factor, the veto that decided the
 * cell (the first factor beyond its veto, as the engine names it in the limiting grid), the score (4100 outside).
 */
export async function queryCell(
  deps: Pick<ZoningDeps, 'db' | 'storage'>,
  auth: AuthContext,
  input: { productId: number; lon: number; lat: number },
  lang: Lang,
): Promise<ZoningCellInfo> {
  const row = await productRow(deps.db, auth.customerId, input.productId);
  if (!row) throw errors.notFound();
  const g = productGeometry(row);
  if (row.status !== 'done' || !g) throw errors.conflict('zoning.productNotReady', {}, { field: 'productId' });
  const cell = cellAt(g, input.lon, input.lat);
  if (!cell) throw errors.validation('lon', 'zoning.outsideProduct', { lon: input.lon, lat: input.lat });
  const files = await productFiles(deps.storage, row);
  const n = g.nx * g.ny;
  const k = cell.j * g.nx + cell.i;
  const def = storedDefinition(row.definition, 'zoning_product', row.id);
  const names = resolvedClassNames(storedClassNames(row, 'zoning_product'), lang);
  const nameOf = (c: number) => (c === ZONING_NO_CLASS || c >= ZONING_CLASS_COUNT ? translate(lang, 'zoning.noClass') : names[c]!);
  const cls = files.classes[k]!;
  const limiting = files.limiting[k]!;
  const hasClass = cls !== ZONING_NO_CLASS;
  const vetoed = def.factors.map((rule, f) => hasClass && breaksVeto(rule.veto, files.values[f * n + k]!));
  const veto = vetoed.indexOf(true);
  return {
    class: hasClass ? cls : null,
    className: nameOf(cls),
    limitingFactor: hasClass && limiting !== ZONING_NO_CLASS ? limiting : null,
    limitingFactorName: hasClass && limiting !== ZONING_NO_CLASS ? factorName(def.factors[limiting]!.factor, lang) : '',
    vetoFactor: veto >= 0 ? veto : null,
    vetoFactorName: veto >= 0 ? factorName(def.factors[veto]!.factor, lang) : '',
    score: files.score && hasClass ? roundTo(files.score[k]!, 4) : null,
    lon: roundTo(g.lon0 + cell.i * g.dx, 6),
    lat: roundTo(g.lat0 + cell.j * g.dy, 6),
    factors: def.factors.map((rule, f) => {
      const value = files.values[f * n + k]!;
      const c = files.factorClasses[f * n + k]!;
      const fd = factorDef(rule.factor);
      return {
        factor: rule.factor,
        name: factorName(rule.factor, lang),
        unit: fd?.unit ?? '',
        value: Number.isNaN(value) || !hasClass ? null : roundTo(value, Math.max(fd?.precision ?? 2, 2)),
        class: c === ZONING_NO_CLASS ? null : c,
        className: nameOf(c),
        veto: rule.veto ?? null,
        vetoed: vetoed[f]!,
      };
    }),
  };
}
