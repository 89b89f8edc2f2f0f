import GeoJSON from 'ol/format/GeoJSON';
import VectorSource from 'ol/source/Vector';
import { http } from '../../lib/request';

/**
 * A GeoJSON vector source fetched through the request client, so the bearer token goes along
 * (customer boundary layers are private) and a failure reaches the user like any other.
 */
export function geoJsonSource(url: string): VectorSource {
  const format = new GeoJSON();
  const source: VectorSource = new VectorSource({
    format,
    loader: (extent, resolution, projection, success, failure) => {
      http<unknown>('GET', url, { responseType: 'blob', timeoutMs: 60_000 })
        .then(async (body) => {
          const json: unknown = body instanceof Blob ? JSON.parse(await body.text()) : body;
          const features = format.readFeatures(json, { featureProjection: projection });
          source.addFeatures(features);
          success?.(features);
        })
        .catch(() => {
          source.removeLoadedExtent(extent);
          failure?.();
        });
    },
  });
  return source;
}
