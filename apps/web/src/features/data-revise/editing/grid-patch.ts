import type { ReviseGridData, ReviseResult } from '@agromet/contracts';
import { applyPatch, gridFromValues, patchDigest, type Grid, type Patch } from '@agromet/grid';

/** The grid a page holds while it is revised: its description and versions per lead, and its values. */
export type LoadedGrid = ReviseGridData & { grid: Grid };

export type LeadRevision = ReviseResult['leads'][number];

/**
 * The grid after a saved revision's patch: a new grid (the one given is left as it was: the page may still draw from
 * it), with each changed cell's new bits. Every cell is checked to hold the value the patch started from; a grid that
 * changed in between throws PatchMismatchError, and the caller reads the whole grid again.
 */
export function patchedGrid(grid: Grid, patch: Patch): Grid {
  const values = grid.values.slice();
  applyPatch(values, patch);
  return gridFromValues(grid, values);
}

/** Whether a loaded grid is of the forecast a revision changed (an empty or no base time: the newest run, which it holds). */
export function sameRun(
  loaded: Pick<LoadedGrid, 'type' | 'factor' | 'baseTime'>,
  target: { type: string; factor: string; baseTime?: string },
): boolean {
  return (
    loaded.type === target.type &&
    loaded.factor === target.factor &&
    (!target.baseTime || Date.parse(loaded.baseTime) === Date.parse(target.baseTime))
  );
}

/** Whether a loaded grid is the lead a revision changed, at the version the revision started from. */
export function patchApplies(
  loaded: Pick<LoadedGrid, 'type' | 'factor' | 'baseTime' | 'lead' | 'version'>,
  target: { type: string; factor: string; baseTime?: string },
  lead: Pick<LeadRevision, 'lead' | 'previousVersion' | 'recordId'>,
): boolean {
  return sameRun(loaded, target) && loaded.lead === lead.lead && loaded.version === lead.previousVersion && lead.recordId !== null;
}

/**
 * A loaded grid's description after a revision of the same forecast: the versions of the leads it changed (a later
 * revision sends them as expected versions), and for its own lead the new version and values.
 */
export function afterRevision(
  loaded: LoadedGrid,
  leads: ReadonlyArray<Pick<LeadRevision, 'lead' | 'version'>>,
  patched?: { grid: Grid },
): LoadedGrid {
  const versions = new Map(leads.map((l) => [l.lead, l.version]));
  const own = versions.get(loaded.lead);
  return {
    ...loaded,
    ...(patched && own !== undefined ? { version: own, grid: patched.grid } : {}),
    leads: loaded.leads.map((l) => (versions.has(l.lead) ? { ...l, version: versions.get(l.lead)! } : l)),
  };
}

/** The patch the page computed for its preview, and the grid it made it from (the one its query holds). */
export interface PreviewPatch {
  grid: Grid;
  patch: Patch;
}

/** The page's preview as PreviewPatch, when it has one. */
export const previewOf = (grid: Grid | null, patch: Patch | null): PreviewPatch | undefined =>
  grid && patch ? { grid, patch } : undefined;

/**
 * The preview's patch when it is the one the server saved for this lead: made from the very grid held at the version
 * the revision started from, and with the digest the answer gives (the same grid package made both; a difference in a single bit, or a
 * server that clamped otherwise, fails the digest and the record's patch is fetched instead).
 */
export function confirmedPreview(preview: PreviewPatch | undefined, loaded: LoadedGrid, own: LeadRevision): Patch | null {
  if (!preview || !own.patchDigest || preview.grid !== loaded.grid) return null;
  if (preview.patch.indices.length !== own.cellsChanged) return null;
  return patchDigest(preview.patch) === own.patchDigest ? preview.patch : null;
}
