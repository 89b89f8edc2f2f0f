import type { GridGeometry, MultiPolygonGeometry, PolygonGeometry } from '@agromet/grid';
import type { BBox, Paper } from './layout.js';
import type { MapPlace, PlaceRank } from './places.js';
import type { MapLang } from './words.js';

// What a map is drawn from (docs/products.md#layout): the same input for map products, risk products and zoning maps.

export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

export interface MapLegendClass {
  /** '#rrggbb'; '#rrggbb00' (transparent): the class is drawn blank and left out of the legend. */
  color: string;
  label: string;
  /** A second, smaller line under the label (a zoning class's area). */
  detail?: string;
}

export interface MapInput {
  lang: MapLang;
  paper: Paper;
  geometry: GridGeometry;
  /** One class index per cell (index into legend.classes); 255: no class (outside the region, no value). */
  classes: Uint8Array;
  /**
   * Optional continuous values behind the classes: each pixel is then classed from the values interpolated
   * bilinearly between the cells (smooth class edges, as filled contours read), where its cell has a class.
   */
  field?: { values: Float32Array; thresholds: readonly number[] };
  /** One per cell, non-zero inside the mapped region (default: the cells with a class); neighbours are named outside it. */
  regionCells?: Uint8Array;
  /** Draw each cell as a sharp square (zoning classes are per cell), instead of the smooth field. */
  sharpCells?: boolean;
  legend: { title: string; unit?: string; classes: MapLegendClass[]; footnote?: string };
  /** The title: element and valid period (and region). */
  title: string;
  subtitle?: string;
  issuer?: string;
  issueTime?: string;
  /** Where the data come from (the forecast, the run, the grids). */
  source?: string;
  customerName?: string;
  /** PNG or JPEG bytes. */
  logo?: Buffer | null;
  /** Lines under the map (a note, a summary, a method sentence), each fitted to one line. */
  footer?: string;
  notes?: string[];
  boundaries?: Array<{ name?: string; geometry: AreaGeometry; level: 'province' | 'county' }>;
  /** Draw the names of the boundaries (default true). */
  boundaryLabels?: boolean;
  regionOutline?: AreaGeometry | null;
  /** The class raster is drawn only inside this shape (a boundary area: smooth edges along its outline). */
  clipRaster?: AreaGeometry | null;
  /** Places named on the map, by rank: the capital always, then prefecture cities, then the others. */
  places?: MapPlace[];
  /** Stations as before places existed: drawn as county-level places unless ranked. */
  stations?: Array<{ name: string; lon: number; lat: number; value?: string; rank?: PlaceRank }>;
  scaleBar?: boolean;
  northArrow?: boolean;
  bbox?: BBox;
}

export interface MapOutput {
  png: Buffer;
  pdf: Buffer | null;
  /** Pixels of the PNG. */
  width: number;
  height: number;
  /** Where the legend's swatches were drawn (mm from the top left), class by class: checked by the output test. */
  swatches: Array<{ classIndex: number; x: number; y: number; w: number; h: number }>;
  /** The labels drawn (mm from the top left): each place's symbol centre and rank; checked by the output tests. */
  labels: Array<{ text: string; kind: PlaceRank | 'area'; x: number; y: number }>;
  /** Labels left out for want of room. */
  dropped: string[];
  /** The paper millimetre → PNG pixel factor used. */
  pngScale: number;
}
