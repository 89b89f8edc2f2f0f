import type { BaseFactorFit } from '@agromet/contracts';
import { crossValidateBoth, gridStations, type Bounds, type Grid, type Station } from '@agromet/grid';
import { WorkerPool, WorkerTaskError, workerModule } from '../../core/worker-pool.js';

/** A factor gridded from station normals: the values on the elevation grid's cells and the fit. */
export interface Gridded {
  values: Float32Array;
  fit: BaseFactorFit;
}

/**
 * gridStations with the way chosen by leave-one-out evidence (docs/zoning.md#residuals-only-where-they-help): both
 * ways are cross-validated, the residuals are added only when they lower the error, and both errors are kept with
 * the fit. A bounded factor (`bounds`: its valid range) is fitted on the logit scale.
 */
export function gridWithCrossValidation(stations: Station[], elevation: Grid, bounds?: Bounds): Gridded {
  const cv = crossValidateBoth(stations, elevation, { bounds });
  const gridded = gridStations(stations, elevation, { bounds, residuals: cv.residuals });
  const chosen = cv.residuals ? cv.withResiduals : cv.regression;
  return {
    values: gridded.grid.values,
    fit: {
      coefficients: { intercept: gridded.fit.intercept, lon: gridded.fit.lon, lat: gridded.fit.lat, altitude: gridded.fit.altitude },
      scale: bounds ? 'logit' : 'linear',
      r2: gridded.fit.rSquared,
      looRmse: chosen.rmse,
      looRmseRegression: cv.regression.rmse,
      looRmseResiduals: cv.withResiduals.rmse,
      residuals: cv.residuals,
      stationCount: stations.length,
    },
  };
}

/** How a regrid computes: on this thread (start-up, tools) or in a worker thread (jobs, see ZoningGridder). */
export type GridCompute = (stations: Station[], elevation: Grid, bounds?: Bounds) => Promise<Gridded>;

export const gridInline: GridCompute = async (stations, elevation, bounds) => gridWithCrossValidation(stations, elevation, bounds);

/**
 * Gridding in a worker thread, so that a large grid with many stations never blocks the requests served meanwhile.
 * A RangeError of the regression (too few or collinear stations) comes back as a RangeError.
 */
export class ZoningGridder {
  private readonly pool = new WorkerPool(workerModule('gridding-worker', import.meta.url), 1);

  readonly grid: GridCompute = async (stations, elevation, bounds) => {
    try {
      return await this.pool.run<Gridded>('grid', [stations, { ...elevation, values: elevation.values }, bounds]);
    } catch (e) {
      if (e instanceof WorkerTaskError && e.errorName === 'RangeError') throw new RangeError(e.message, { cause: e });
      throw e;
    }
  };

  close(): Promise<void> {
    return this.pool.close();
  }
}
