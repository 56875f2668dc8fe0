/**
 * The optimal-string-alignment distance between two strings, case-insensitively: insertions,
 * deletions, substitutions and swaps of two neighbouring characters each cost 1.
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  // three rows: the one before the previous (for swaps), the previous, the current
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, index) => index);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[t.length]!;
}

/** The candidate nearest to `name` (ties: the first in sorted order), with its distance; undefined when there is none. */
export function closestName(name: string, candidates: Iterable<string>): { readonly name: string; readonly distance: number } | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of [...candidates].sort()) {
    const distance = editDistance(name, candidate);
    if (best === undefined || distance < best.distance) {
      best = { name: candidate, distance };
    }
  }
  return best;
}

/** The `count` candidates nearest to `name`, nearest first (ties in sorted order). */
export function closestNames(name: string, candidates: Iterable<string>, count: number): { readonly name: string; readonly distance: number }[] {
  return [...candidates]
    .sort()
    .map((candidate) => ({ name: candidate, distance: editDistance(name, candidate) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count);
}
