/** A record id kept as text in a list page's address: a whole number from 1, or no filter. */
export function idFilter(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** A list's choices of records (customers, roles) as a filter's options, their ids as text. */
export function idOptions<T extends { id: number }>(records: readonly T[] | undefined, label: (r: T) => string) {
  return (records ?? []).map((r) => ({ value: String(r.id), label: label(r) }));
}
