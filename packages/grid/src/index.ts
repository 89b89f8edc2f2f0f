// @agromet/grid: regular lon/lat grids and their edits, products and formats. Pure TypeScript,
// no I/O: the same code runs in the server and in the browser.
export * from './grid.js';
export * from './mask.js';
export * from './area-ops.js';
export * from './point-ops.js';
export * from './patch.js';
export * from './revise.js';
export * from './classify.js';
export * from './colormap.js';
export * from './legend.js';
export * from './sample.js';
export * from './gridding.js';
export * from './zoning.js';
export * from './risk.js';
export * from './crop-calendar.js';
export * from './resample.js';
export { greatCircleKm, EARTH_RADIUS_KM } from './geodesy.js';
export { decodeText, encodeGbk, encodeUtf8, type TextEncoding } from './formats/text.js';
export * from './formats/micaps4.js';
export * from './formats/micaps-time.js';
export * from './formats/geotiff.js';
export * from './consistency.js';
export * from './elements.js';
export * from './isolines.js';
