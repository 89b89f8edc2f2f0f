import type OlMap from 'ol/Map';
import { createContext, useContext } from 'react';

/** The OpenLayers map behind the current group page (null until it is created). */
export const MapContext = createContext<OlMap | null>(null);

/** Pages over the map add their own layers and interactions to it. */
export function useConsoleMap(): OlMap | null {
  return useContext(MapContext);
}
