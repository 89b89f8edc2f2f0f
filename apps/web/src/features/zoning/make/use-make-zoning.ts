import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useExecuteZoning, useProduct, useRunningProducts } from '../api/products';
import { NS } from '../i18n';
import { zoningRequest } from './make-rules';
import { proposedName } from './region-rules';
import { useCropChoice } from './use-crop-choice';
import { useZoningRegion } from './use-zoning-region';

/**
 * The make-zoning page's state: crop and criterion, region, the name (proposed from crop and criterion until typed),
 * what a run still needs, the product just made and the others running; `submit` runs it as a job.
 */
export function useMakeZoning() {
  const { t } = useTranslation(NS);
  const choice = useCropChoice();
  const [problem, setProblem] = useState<string | null>(null);
  const where = useZoningRegion(() => setProblem(null));
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [productId, setProductId] = useState<number | undefined>();
  const product = useProduct(productId);
  const running = useRunningProducts();
  const execute = useExecuteZoning();
  const { crop, criterion } = choice;

  // The name follows crop and criterion until the user writes one.
  useEffect(() => {
    if (!nameTouched && crop && criterion) {
      setName(proposedName(crop.name, criterion.name, new Date()));
    }
  }, [crop, criterion, nameTouched]);
  const typeName = (value: string) => {
    setName(value);
    setNameTouched(true);
  };

  const submit = async () => {
    const request = zoningRequest({ criteriaId: choice.criteriaId, name, region: where.region, area: where.area, ring: where.ring });
    if ('problem' in request) return setProblem(t(`make.${request.problem}`));
    setProblem(null);
    where.stopTool();
    try {
      const created = await execute.mutateAsync(request.body);
      choice.remember();
      setProductId(created.productId);
      toastSuccess(t('make.submitted'));
      void running.refetch();
    } catch (error) {
      logUnlessShown(error, 'zoning execute');
    }
  };

  return {
    choice,
    where,
    name,
    typeName,
    problem,
    executing: execute.isPending,
    submit,
    productId,
    setProductId,
    product: product.data && product.data.id === productId ? product.data : undefined,
    others: (running.data ?? []).filter((r) => r.productId !== productId),
  };
}
