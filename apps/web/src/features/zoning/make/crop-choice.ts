// The crop the zoning form starts with (docs/zoning.md#defaults): the customer's own context, not one crop for all.
// The crop this user last ran zoning for (remembered per customer in this browser), else the crop of the customer's
// newest zoning product, else the first crop that has criteria, else the first crop.

export interface CropChoice {
  id: number;
  criteriaCount: number;
}

export function initialCrop(
  crops: readonly CropChoice[],
  lastUsed: number | null | undefined,
  newestProductCrop: number | null | undefined,
): number | undefined {
  const known = (id: number | null | undefined) => (id != null ? crops.find((c) => c.id === id && c.criteriaCount > 0) : undefined);
  return (known(lastUsed) ?? known(newestProductCrop) ?? crops.find((c) => c.criteriaCount > 0) ?? crops[0])?.id;
}

const key = (customerId: number | null) => `agromet-zoning-crop:${customerId ?? 0}`;

/** The crop last run for the customer in this browser, or null. */
export function readLastCrop(customerId: number | null): number | null {
  try {
    const id = Number(localStorage.getItem(key(customerId)));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function saveLastCrop(customerId: number | null, cropId: number): void {
  try {
    localStorage.setItem(key(customerId), String(cropId));
  } catch {
    // storage disabled: the next visit starts from the newest product's crop
  }
}
