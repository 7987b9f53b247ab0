/**
 * Selects hold one value, or several as a comma-joined string (spec §4); antd's Select and the
 * tag list want arrays. These convert between the two at the control's edge.
 */
export type Choice = string | number;

export function choicesOf(value: unknown): Choice[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.filter((v): v is Choice => typeof v === 'string' || typeof v === 'number');
  if (typeof value === 'string') return value.split(',').filter((v) => v !== '');
  return typeof value === 'number' ? [value] : [];
}

export function joinChoices(choices: readonly Choice[]): string {
  return choices.join(',');
}

export function sameChoice(a: unknown, b: unknown): boolean {
  return a !== undefined && a !== null && String(a) === String(b);
}

/** The stored value in the type of the matching option (a stored '3' selects option 3). */
export function matchOption<T extends { value: Choice }>(value: unknown, options: readonly T[]): Choice | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const option = options.find((o) => sameChoice(o.value, value));
  return option ? option.value : (value as Choice);
}
