// The scale of a map (docs/products.md#furniture): kilometres per degree and the scale bar's length. Pure.

/** Kilometres per degree of latitude (mean Earth radius 6371.0088 km). */
export const KM_PER_DEGREE = (Math.PI * 6371.0088) / 180;

/**
 * The scale bar: the longest nice distance (1, 2 or 5 × 10ⁿ km) that fits in `maxMm` at `kmPerMm`, and its length on
 * paper.
 */
export function scaleBar(kmPerMm: number, maxMm: number): { km: number; mm: number } {
  const maxKm = kmPerMm * maxMm;
  let km = 10 ** Math.floor(Math.log10(maxKm));
  for (const m of [5, 2, 1]) {
    if (m * km <= maxKm) {
      km = m * km;
      break;
    }
  }
  return { km, mm: km / kmPerMm };
}
