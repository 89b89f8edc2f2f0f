/** What the product bar shows, as pure rules: the lead slider's marks, the phone's summary. */

/** The lead slider's marks: at most about eight labelled leads, by index, the first always among them. */
export function leadMarks(leads: readonly number[]): Record<number, string> {
  const every = Math.max(1, Math.ceil(leads.length / 8));
  return Object.fromEntries(leads.filter((_, i) => i % every === 0).map((h) => [leads.indexOf(h), `${h}`]));
}

/** The slider's position of a lead: its index, or the first when the lead is not among them. */
export function leadIndexOf(leads: readonly number[], lead: number): number {
  return Math.max(0, leads.indexOf(lead));
}

/** The phone's one-line summary: the parts that are not empty, joined by a middle dot. */
export function summaryText(parts: readonly string[]): string {
  return parts.filter(Boolean).join(' · ');
}
