// The map product renderer is the shared cartography (core/cartography/compose.ts, docs/products.md#layout): map
// products, risk products and zoning maps go through the same composition path. These names stay for the product
// module's callers.
export { PREVIEW_PNG_SCALE, PRODUCT_PNG_SCALE, renderMap as renderMapProduct } from '../../core/cartography/compose.js';
export type {
  AreaGeometry,
  MapInput as MapProductInput,
  MapLegendClass,
  MapOutput as MapProductOutput,
} from '../../core/cartography/input.js';
export type { MapLang as ProductLang } from '../../core/cartography/words.js';
export { imageSize, measureText } from '../../core/cartography/ops.js';
export { classifyValues } from './product-rules.js';
