import type { ConsistencyFixBody, PointReviseBody, PolygonReviseBody, ReviseResult, SubmitBody } from '@agromet/contracts';
import { decodePatch, type Patch } from '@agromet/grid';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GIS_QUERY_KEY } from '../../../components/map/use-map-data';
import { toastSuccess } from '../../../lib/feedback';
import { downloadRaw, saveBlob } from '../../../lib/download';
import { request, requestBinary, requestGrid } from '../../../lib/request';
import type { ProductSelection } from '../../../components/map/map-rules';
import { REVISE_EDIT_NS } from './i18n';
import {
  afterRevision,
  confirmedPreview,
  patchApplies,
  patchedGrid,
  sameRun,
  type LeadRevision,
  type LoadedGrid,
  type PreviewPatch,
} from './grid-patch';
import { markEditLoop } from './edit-loop-marks';
import { showFreshCells } from './fresh-cells';
import { gridOfAnswer, sameGridVersion } from './revise-rules';

export const editKeys = {
  allocated: ['revise-edit', 'allocated'] as const,
  grid: (s: ProductSelection | null) => ['revise-edit', 'grid', s?.type, s?.factor, s?.baseTime, s?.lead] as const,
  stations: ['revise-edit', 'stations'] as const,
  files: (page: number) => ['revise-edit', 'files', page] as const,
  consistency: (type: string | undefined, baseTime: string | undefined) => ['revise-edit', 'consistency', type, baseTime] as const,
};

/** Forecast types allocated to the signed-in forecaster (all for admin). */
export function useAllocatedTypes() {
  return useQuery({ queryKey: editKeys.allocated, queryFn: ({ signal }) => request('forecastTypesOfUser', { signal }), staleTime: 30_000 });
}

/** Reads of the grid and its values that may meet a save landing between them before giving up. */
const GRID_READ_ATTEMPTS = 3;

/**
 * The grid being revised: its description and versions per lead (JSON, /forecaster/getData) with its values (bytes,
 * /forecaster/getGrid) as `grid`, read side by side.
 */
async function loadReviseGrid(selection: ProductSelection, signal: AbortSignal): Promise<LoadedGrid> {
  const query = {
    type: selection.type,
    factor: selection.factor,
    lead: selection.lead,
    ...(selection.baseTime ? { baseTime: selection.baseTime } : {}),
  };
  for (let attempt = 1; ; attempt++) {
    const [data, values] = await Promise.all([request('reviseData', { query, signal }), requestGrid('reviseGrid', { query, signal })]);
    if (sameGridVersion(data, values.meta)) return { ...data, grid: gridOfAnswer(values) };
    if (attempt === GRID_READ_ATTEMPTS) throw new Error(`grid ${data.type}.${data.factor} +${data.lead}h kept changing while it loaded`);
  }
}

/** The grid being revised, with its versions per lead, decoded for the browser's preview. */
export function useReviseGrid(selection: ProductSelection | null) {
  const query = useQuery({
    queryKey: editKeys.grid(selection),
    queryFn: ({ signal }) => loadReviseGrid(selection!, signal),
    enabled: Boolean(selection),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const data = query.data;
  const grid = data?.grid ?? null;
  // A kept previous grid (while the next loads) is not the selected one: no editing against it.
  const current = Boolean(
    data && selection && data.type === selection.type && data.factor === selection.factor && data.lead === selection.lead,
  );
  return { ...query, grid: current ? grid : null, data: current ? data : undefined };
}

/** Stations of the customer, to add revision points at. */
export function useStationOptions() {
  return useQuery({
    queryKey: editKeys.stations,
    queryFn: ({ signal }) => request('stationList', { query: { page: 1, size: 500 }, signal }),
    staleTime: 60_000,
  });
}

/** The forecast a revision changed: a type's factor at a base time (none: the newest run, as the page selects it). */
type RevisionTarget = { type: string; factor: string; baseTime?: string };

/** A saved revision's patch of one lead: the page's own preview when the answer confirms it, else the record's. */
async function patchOf(preview: PreviewPatch | undefined, loaded: LoadedGrid, own: LeadRevision): Promise<Patch> {
  const confirmed = confirmedPreview(preview, loaded, own);
  if (!confirmed) {
    const answer = await requestBinary('recordPatch', { query: { id: own.recordId! }, silent: true });
    markEditLoop('bytes');
    return decodePatch(new Uint8Array(answer.body));
  }
  markEditLoop('bytes');
  return confirmed;
}

/**
 * A saved revision reaches the grids the page holds as its patch: the changed cells only (a county: a few kB; the whole
 * national grid is 6.7 MB), the page's own preview when the answer's digest confirms it, else fetched; checked against
 * the values they started from and applied to a copy. A grid that does not hold the version the revision started
 * from, or a patch that fails, is read again whole.
 */
async function takeRevision(client: QueryClient, target: RevisionTarget, result: ReviseResult, preview?: PreviewPatch) {
  const held = client.getQueriesData<LoadedGrid>({ queryKey: ['revise-edit', 'grid', target.type, target.factor] });
  await Promise.all(
    held.map(async ([key, loaded]) => {
      if (!loaded || !sameRun(loaded, target)) return;
      const own = result.leads.find((l) => l.lead === loaded.lead);
      if (!own || own.version === loaded.version) return void client.setQueryData(key, afterRevision(loaded, result.leads));
      if (!patchApplies(loaded, target, own)) return client.invalidateQueries({ queryKey: key, exact: true });
      try {
        const patch = await patchOf(preview, loaded, own);
        const grid = patchedGrid(loaded.grid, patch);
        markEditLoop('decoded');
        // Drawn first, straight onto the map; the query data (and the page's render it brings) after.
        await showFreshCells({ key, grid, patch, version: own.version });
        // The page may have moved on meanwhile: only the grid still held at the version the patch started from takes it.
        const now = client.getQueryData<LoadedGrid>(key);
        if (now && now.version === loaded.version) client.setQueryData(key, afterRevision(now, result.leads, { grid }));
      } catch {
        await client.invalidateQueries({ queryKey: key, exact: true });
      }
    }),
  );
}

/**
 * What the page does with a saved revision: the grids it holds take the revision's patch (takeRevision); then the
 * forecast's consistency, which a revision may break or mend, is checked again (not awaited: the map comes first).
 */
export function useTakeRevision() {
  const client = useQueryClient();
  return async (result: ReviseResult, target: RevisionTarget, preview?: PreviewPatch) => {
    await takeRevision(client, target, result, preview);
    void client.invalidateQueries({ queryKey: ['revise-edit', 'consistency'] });
  };
}

/** The consistency violations of the forecast of a type at a base time (docs/grids.md#consistency). */
export function useConsistency(type: string | undefined, baseTime: string | undefined) {
  return useQuery({
    queryKey: editKeys.consistency(type, baseTime),
    queryFn: ({ signal }) => request('consistencyCheck', { query: { type: type!, baseTime: baseTime! }, signal }),
    enabled: Boolean(type && baseTime),
    staleTime: 0,
  });
}

/** Fixes violations (clip to the extremes or range, rescale 3 h amounts), saved as undoable records. */
export function useConsistencyFix() {
  const client = useQueryClient();
  // A fix changes several factors and leads at once: the grids and the check are read again.
  const after = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['revise-edit', 'grid'] }),
      client.invalidateQueries({ queryKey: ['revise-edit', 'consistency'] }),
    ]);
  return useMutation({ mutationFn: (body: ConsistencyFixBody) => request('consistencyFix', { body }), onSuccess: after });
}

const answered = (result: ReviseResult) => {
  markEditLoop('answer');
  return result;
};

// The page takes a saved revision itself (useTakeRevision, after clearing what it drew), and only the footer's button
// shows it pending (RevisionFooter): plain calls, not mutations, whose pending and settled states would re-render the
// whole page while the revision's patch is on its way (docs/grids.md#the-edit-loop). A 4009 is handled by the page
// (reload and re-apply): no toast for it.
export const revisePoint = (body: PointReviseBody) => request('revisePoint', { body, silent: true }).then(answered);
export const revisePolygon = (body: PolygonReviseBody) => request('revisePolygon', { body, silent: true }).then(answered);

export function useSubmitForecast() {
  const client = useQueryClient();
  return useMutation({
    // A 4009 listing violations is answered by the page's confirmation, not a toast.
    mutationFn: (body: SubmitBody) => request('reviseSubmit', { body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['revise-edit', 'files'] }),
  });
}

/** Issued forecasts and their files; polled while an export is still running. */
export function useFileStates(page: number, enabled: boolean) {
  return useQuery({
    queryKey: editKeys.files(page),
    queryFn: ({ signal }) => request('fileStateList', { query: { page, size: 10 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((f) => f.status === 'pending') ? 1500 : false),
  });
}

/** Uploads a GeoJSON boundary layer; the map's layer list (/gis/all) then includes it. */
export function useUploadBoundary() {
  const client = useQueryClient();
  const { t } = useTranslation(REVISE_EDIT_NS);
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) => {
      const form = new FormData();
      form.append('name', name);
      form.append('file', file, file.name);
      return request('gisBoundaryUpload', { body: form, timeoutMs: 120_000 });
    },
    onSuccess: async (layer) => {
      toastSuccess(t('area.uploaded', { name: layer.name, count: layer.featureCount }));
      await client.invalidateQueries({ queryKey: GIS_QUERY_KEY });
    },
  });
}

export function useDeleteBoundary() {
  const client = useQueryClient();
  const { t } = useTranslation(REVISE_EDIT_NS);
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => request('gisBoundaryDelete', { body: { id } }),
    onSuccess: async (_, { name }) => {
      toastSuccess(t('area.deleted', { name }));
      await client.invalidateQueries({ queryKey: GIS_QUERY_KEY });
    },
  });
}

export async function downloadIssueFile(id: number, name: string): Promise<void> {
  saveBlob(await downloadRaw('fileStateDownload', { id }), name);
}

/** Every file of an exported issue as one zip. */
export async function downloadIssueZip(issueId: number, name: string): Promise<void> {
  saveBlob(await downloadRaw('fileStateZip', { id: issueId }, { timeoutMs: 300_000 }), name);
}

/** An issue's export job while it runs (its progress), asked every second until it ends. */
export function useExportJob(jobId: string, running: boolean) {
  return useQuery({
    queryKey: ['revise-edit', 'job', jobId],
    queryFn: ({ signal }) => request('jobGet', { params: { id: jobId }, signal, silent: true }),
    enabled: running,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' && q.state.data.status !== 'queued' ? false : 1000),
  });
}
