import { useEffect, useState } from 'react';
import { useUserStore } from '../../../stores/user';
import { useCrops } from '../api/crops';
import { useCriteriaOfCrop } from '../api/criteria';
import { useProductPage } from '../api/products';
import { initialCrop, readLastCrop, saveLastCrop } from './crop-choice';

/**
 * The crop and criterion of a run. The crop to start with is the customer's: the one last run here, else that of its
 * newest product (crop-choice.ts); the criterion the crop's first until one is chosen. `remember` keeps the crop run.
 */
export function useCropChoice() {
  const crops = useCrops();
  const [cropId, setCropId] = useState<number | undefined>();
  const criteria = useCriteriaOfCrop(cropId);
  const [criteriaId, setCriteriaId] = useState<number | undefined>();
  const customerId = useUserStore((s) => s.customerId);
  const newest = useProductPage(undefined, { page: 1, size: 1 });

  useEffect(() => {
    if (cropId !== undefined || !crops.data?.length || newest.isPending) return;
    setCropId(initialCrop(crops.data, readLastCrop(customerId), newest.data?.list[0]?.cropId));
  }, [crops.data, cropId, customerId, newest.isPending, newest.data]);
  useEffect(() => {
    if (criteria.data && !criteria.data.some((c) => c.id === criteriaId)) setCriteriaId(criteria.data[0]?.id);
  }, [criteria.data, criteriaId]);

  const chooseCrop = (id: number) => {
    setCropId(id);
    setCriteriaId(undefined);
  };
  const remember = () => {
    if (cropId !== undefined) saveLastCrop(customerId, cropId);
  };
  return {
    crops,
    cropId,
    chooseCrop,
    criteria,
    criteriaId,
    setCriteriaId,
    crop: crops.data?.find((c) => c.id === cropId),
    criterion: criteria.data?.find((c) => c.id === criteriaId),
    remember,
  };
}

export type CropChoiceState = ReturnType<typeof useCropChoice>;
