import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapLayers } from '../../components/map/use-map-data';
import { toastSuccess } from '../../lib/feedback';
import { logUnlessShown } from '../../lib/shown-failure';
import { useCatalog, useHazards } from './api/hazards';
import { useExecuteRisk } from './api/products';
import { NS } from './i18n';
import { productLanguage, proposedName } from './risk-rules';
import { evaluatedLeads, runBoundary, runRequest, runStatsLayer, type RunLang, type RunRegion } from './run-form-rules';

/** The hazard (the first until the user picks one), its forecast type and first element; the run and leads follow them. */
function useHazardRun() {
  const hazards = useHazards();
  const catalog = useCatalog();
  const [hazardId, setHazardId] = useState<number | undefined>();
  const [baseTime, setBaseTime] = useState<string | undefined>();
  const [leadFrom, setLeadFrom] = useState(0);
  const [leadTo, setLeadTo] = useState<number | null>(null);
  const hazard = hazards.data?.find((h) => h.id === hazardId);
  const type = catalog.data?.find((x) => x.code === hazard?.forecastType);
  const first = type?.factors.find((f) => f.code === hazard?.conditions[0]?.element);

  useEffect(() => {
    if (hazardId === undefined && hazards.data?.length) setHazardId(hazards.data[0]!.id);
  }, [hazards.data, hazardId]);
  // The newest run of the hazard's first element, and its whole range of leads.
  useEffect(() => {
    setBaseTime(first?.baseTimes[0]);
    setLeadTo(type?.maxLeadHours ?? null);
  }, [first, type]);
  const evaluated = useMemo(() => evaluatedLeads(first, baseTime, leadFrom, leadTo), [first, baseTime, leadFrom, leadTo]);
  return { hazards, hazardId, setHazardId, hazard, first, baseTime, setBaseTime, leadFrom, setLeadFrom, leadTo, setLeadTo, evaluated };
}

/** The region (the customer's, or an area of a boundary layer) and the layer the areas are counted by. */
function useRunRegion() {
  const boundaries = useMapLayers().data?.boundaries ?? [];
  const [region, setRegion] = useState<RunRegion>('customer');
  const [boundaryId, setBoundaryId] = useState<string | undefined>();
  const [areaIndex, setAreaIndex] = useState<number | undefined>();
  const [statsLayer, setStatsLayer] = useState<string | undefined>();
  const boundary = runBoundary(boundaries, boundaryId);
  const chooseBoundary = (id: string) => {
    setBoundaryId(id);
    setAreaIndex(undefined);
  };
  const stats = runStatsLayer(boundaries, statsLayer);
  return { boundaries, region, setRegion, boundary, chooseBoundary, areaIndex, setAreaIndex, stats, setStatsLayer };
}

/**
 * The run form's state: hazard, run and leads, region, exposure, name (proposed from the hazard until typed) and the
 * product's language (the interface's until chosen); `submit` checks what is missing, runs it and answers the product.
 */
export function useRunForm(onStarted: (productId: number) => void) {
  const { t, i18n } = useTranslation(NS);
  const execute = useExecuteRisk();
  const run = useHazardRun();
  const where = useRunRegion();
  const [zoningProductId, setZoningProductId] = useState<number | undefined>();
  const [cropId, setCropId] = useState<number | undefined>();
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  // The product's language follows the interface (a switch in the page included) until the user chooses one.
  const [chosenLang, setChosenLang] = useState<RunLang | null>(null);
  const lang = productLanguage(i18n.language, chosenLang);
  const [problem, setProblem] = useState<string | null>(null);
  const { hazard } = run;

  useEffect(() => {
    if (!nameTouched && hazard) setName(proposedName(hazard.name, new Date()));
  }, [hazard, nameTouched]);
  const typeName = (value: string) => {
    setName(value);
    setNameTouched(true);
  };

  const submit = async () => {
    const request = runRequest({
      ...run,
      hazardId: hazard?.id,
      region: where.region,
      boundaryId: where.boundary?.id,
      areaIndex: where.areaIndex,
      statsLayer: where.stats,
      zoningProductId,
      cropId,
      name,
      lang,
    });
    if ('problem' in request) return setProblem(t(`make.${request.problem}`));
    setProblem(null);
    try {
      const created = await execute.mutateAsync(request.body);
      toastSuccess(t('make.submitted'));
      onStarted(created.productId);
    } catch (error) {
      logUnlessShown(error, 'risk execute');
    }
  };

  return {
    run,
    where,
    exposure: { zoningProductId, setZoningProductId, cropId, setCropId },
    naming: { name, typeName, lang, setLang: setChosenLang },
    problem,
    executing: execute.isPending,
    submit,
  };
}

export type RunFormState = ReturnType<typeof useRunForm>;
