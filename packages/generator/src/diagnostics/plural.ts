/** `1 tool`, `3 tools`: a count and its noun, for every message and summary line toolgen prints. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
