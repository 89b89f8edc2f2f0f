import type { BaseFactorFit } from '@agromet/contracts';
import { crossValidate, gridStations, type Grid, type Station } from '@agromet/grid';
import { WorkerPool, WorkerTaskError, workerModule } from '../../core/worker-pool.js';

/** A factor gridded from station normals: the values on the elevation grid's cells and the fit. */
export interface Gridded {
  values: Float32Array;
  fit: BaseFactorFit;
}

/** gridStations and its leave-one-out check (docs/zoning.md#base-factors-from-stations-gridding-and-cross-validation). */
export function gridWithCrossValidation(stations: Station[], elevation: Grid): Gridded {
  const gridded = gridStations(stations, elevation);
  const cv = crossValidate(stations, elevation);
  return {
    values: gridded.grid.values,
    fit: {
      coefficients: { intercept: gridded.fit.intercept, lon: gridded.fit.lon, lat: gridded.fit.lat, altitude: gridded.fit.altitude },
      r2: gridded.fit.rSquared,
      looRmse: cv.rmse,
      stationCount: stations.length,
    },
  };
}

/** How a regrid computes: on this thread (start-up, tools) or in a worker thread (jobs, see ZoningGridder). */
export type GridCompute = (stations: Station[], elevation: Grid) => Promise<Gridded>;

export const gridInline: GridCompute = async (stations, elevation) => gridWithCrossValidation(stations, elevation);

/**
 * Gridding in a worker thread, so that a large grid with many stations never blocks the requests served meanwhile.
 * A RangeError of the regression (too few or collinear stations) comes back as a RangeError.
 */
export class ZoningGridder {
  private readonly pool = new WorkerPool(workerModule('gridding-worker', import.meta.url), 1);

  readonly grid: GridCompute = async (stations, elevation) => {
    try {
      return await this.pool.run<Gridded>('grid', [stations, { ...elevation, values: elevation.values }]);
    } catch (e) {
      if (e instanceof WorkerTaskError && e.errorName === 'RangeError') throw new RangeError(e.message, { cause: e });
      throw e;
    }
  };

  close(): Promise<void> {
    return this.pool.close();
  }
}
