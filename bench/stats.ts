/** Small timing helpers for the benchmark: wall-clock samples and percentiles. Figures are compared as ratios within one run. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function sample<T>(inputs: readonly T[], fn: (x: T) => unknown): number[] {
  const times: number[] = [];
  for (const x of inputs) {
    const t0 = performance.now();
    fn(x);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

export const ms = (n: number) => (n < 1 ? n.toFixed(3) : n < 100 ? n.toFixed(2) : n.toFixed(0));

export function row(cells: Array<string | number>): string {
  return cells.map((c, i) => String(c).padEnd(i === 0 ? 34 : 16)).join('');
}
