/** A quantity's name with its unit in brackets ("气温 (℃)"); the name alone when it has none (weather phenomena). */
export function nameWithUnit(named: { name: string; unit?: string | null }): string {
  return named.unit ? `${named.name} (${named.unit})` : named.name;
}
