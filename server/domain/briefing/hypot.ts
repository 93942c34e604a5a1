/**
 * Math.hypot of two numbers, the very same figures, without allocating. V8's Math.hypot is a builtin that
 * optimised code calls rather than inlines: each call stores its arguments in a fresh array and boxes its
 * result, thousands of times per briefing on a dense place (docs/perf.md, "Briefings over HTTP, fourth
 * round"). This is V8's algorithm (src/builtins/math.tq, MathHypot: the largest magnitude, then a
 * compensated sum of the scaled squares) step by step, so each result is identical to Math.hypot's to the
 * bit (hypot.test.ts compares them on random and edge-case doubles).
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x), ay = Math.abs(y);
  // NaN arguments are left out of the largest magnitude; an infinite one wins over NaN.
  let max = 0;
  if (ax > max) max = ax;
  if (ay > max) max = ay;
  if (max === Infinity) return Infinity;
  if (ax !== ax || ay !== ay) return NaN;
  if (max === 0) return 0;
  let sum = 0, compensation = 0;
  let n = ax / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = ay / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  sum = preliminary;
  return Math.sqrt(sum) * max;
}
