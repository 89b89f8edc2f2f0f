import type OlMap from 'ol/Map';
import type BaseLayer from 'ol/layer/Base';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * A layer on the map while the component is mounted: `create` makes it once the map is there (and again for
 * another map), and it is removed on unmount. The ref holds the layer meanwhile (null without a map).
 */
export function useMapLayer<L extends BaseLayer>(map: OlMap | null, create: () => L): RefObject<L | null> {
  const layerRef = useRef<L | null>(null);
  useEffect(() => {
    if (!map) return;
    // `create` of the render the map came with; like an initial value, later versions are not followed.
    const layer = create();
    map.addLayer(layer);
    layerRef.current = layer;
    return () => {
      map.removeLayer(layer);
      layerRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `create` is read once per map, like an initial value
  }, [map]);
  return layerRef;
}
