import { create } from 'zustand';
import { PRODUCT_STYLES, WIND_STYLES, type ProductSelection, type ProductStyle } from './map-rules';

/** localStorage key of the user's map choices (base layer, labels, point values). */
export const MAP_PREFS_KEY = 'agromet-map';

interface MapPrefs {
  baseId: string;
  labels: boolean;
  points: boolean;
  opacity: number;
  /** How the product layer is drawn: grid cells, smooth or isolines. */
  style: ProductStyle;
}

export interface MapState extends MapPrefs {
  /** The product layer's grid, shared by every map view and by the pages that edit it. */
  selection: ProductSelection | null;
  /** Last centre (lon, lat) and zoom, so views opened later start where the user left the map. */
  view: { center: [number, number]; zoom: number } | null;
  /** When a page owns map clicks (placing points, drawing), the value popup stays off. */
  clickOwners: number;
  /** Online base maps found unreachable in this page's life: the map shows the offline outlines instead. */
  failedBases: string[];
  /**
   * Points a revision just set, by grid (`labelledGridKey`): the point values label their own cells, not a neighbour of
   * the thinned lattice (a point revised to 15 reads 15 on the map, not the 7.8 its spreading gave the cell beside it).
   */
  labelled: { grid: string; points: Array<[number, number]> } | null;
  setLabelled: (labelled: { grid: string; points: Array<[number, number]> } | null) => void;
  setBase: (baseId: string) => void;
  /** An online base is unreachable: the offline outlines stand in for it until the user chooses a base again (not saved). */
  baseFailed: (baseId: string) => void;
  setLabels: (labels: boolean) => void;
  setPoints: (points: boolean) => void;
  setOpacity: (opacity: number) => void;
  setStyle: (style: ProductStyle) => void;
  setSelection: (selection: ProductSelection | null) => void;
  setView: (view: { center: [number, number]; zoom: number }) => void;
  claimClicks: () => () => void;
}

function readPrefs(): Partial<MapPrefs> {
  try {
    const raw = JSON.parse(localStorage.getItem(MAP_PREFS_KEY) ?? '{}') as Partial<MapPrefs>;
    return {
      ...(typeof raw.baseId === 'string' ? { baseId: raw.baseId } : {}),
      ...(typeof raw.labels === 'boolean' ? { labels: raw.labels } : {}),
      ...(typeof raw.points === 'boolean' ? { points: raw.points } : {}),
      ...(typeof raw.opacity === 'number' && raw.opacity >= 0 && raw.opacity <= 1 ? { opacity: raw.opacity } : {}),
      ...([...PRODUCT_STYLES, ...WIND_STYLES].includes(raw.style as ProductStyle) ? { style: raw.style } : {}),
    };
  } catch {
    return {};
  }
}

function savePrefs(state: MapPrefs): void {
  try {
    const { baseId, labels, points, opacity, style } = state;
    localStorage.setItem(MAP_PREFS_KEY, JSON.stringify({ baseId, labels, points, opacity, style }));
  } catch {
    // storage disabled: choices last for this page only
  }
}

export const useMapStore = create<MapState>()((set, get) => ({
  // Empty base: the server's default (Tianditu with a key, else offline).
  baseId: '',
  labels: true,
  points: true,
  opacity: 0.8,
  style: 'nearest',
  ...readPrefs(),
  selection: null,
  view: null,
  clickOwners: 0,
  failedBases: [],
  labelled: null,
  setLabelled: (labelled) => set({ labelled }),
  setBase: (baseId) => {
    set({ baseId, failedBases: get().failedBases.filter((id) => id !== baseId) });
    savePrefs(get());
  },
  baseFailed: (baseId) => {
    if (get().failedBases.includes(baseId)) return;
    set({ failedBases: [...get().failedBases, baseId] });
  },
  setLabels: (labels) => {
    set({ labels });
    savePrefs(get());
  },
  setPoints: (points) => {
    set({ points });
    savePrefs(get());
  },
  setOpacity: (opacity) => {
    set({ opacity });
    savePrefs(get());
  },
  setStyle: (style) => {
    set({ style });
    savePrefs(get());
  },
  setSelection: (selection) => set({ selection }),
  setView: (view) => set({ view }),
  claimClicks: () => {
    set((s) => ({ clickOwners: s.clickOwners + 1 }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      set((s) => ({ clickOwners: Math.max(0, s.clickOwners - 1) }));
    };
  },
}));

/** The grid (type, element, run; every lead) whose revised points the point values label. */
export const labelledGridKey = (s: Pick<ProductSelection, 'type' | 'factor' | 'baseTime'>) => `${s.type}/${s.factor}/${s.baseTime}`;
