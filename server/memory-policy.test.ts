import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { applyMemoryPolicy, HEAP_GROWING_FLAG } from './memory-policy';

/**
 * A process that holds ~40 MB live and churns objects that live long enough to be promoted (the shape
 * of a loaded service): its largest heap, with the given V8 flag set at run time as the policy does.
 */
const CHURN = `
if (process.argv[1]) require('node:v8').setFlagsFromString(process.argv[1]);
const live = []; for (let i = 0; i < 600000; i++) live.push([i, i + 0.5]);
let peak = 0, keep = [];
for (let round = 0; round < 60; round++) {
  for (let i = 0; i < 100000; i++) keep.push({ a: [i, i * 0.5], s: 'x' + i });
  if (keep.length > 300000) keep = [];
  peak = Math.max(peak, process.memoryUsage().heapTotal);
}
process.stdout.write(String(peak + live.length * 0));
`;

const peakHeap = (flag: string) => Number(execFileSync(process.execPath, ['-e', CHURN, flag], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }));

describe('memory policy', () => {
  it('keeps the heap of a churning process well below what V8 grows to by default', () => {
    const loose = peakHeap('');
    const bounded = peakHeap(HEAP_GROWING_FLAG);
    // Measured: ~370 MB by default, ~170 MB with the policy; the bound leaves room for a busy machine.
    expect(bounded).toBeLessThan(loose * 0.75);
  }, 120_000);

  it('sets the flag unless the operator chose a factor', () => {
    const set: string[] = [];
    const record = (f: string) => void set.push(f);
    expect(applyMemoryPolicy([], '', record)).toBe(HEAP_GROWING_FLAG);
    expect(applyMemoryPolicy(['--heap-growing-percent=50'], '', record)).toBeNull();
    expect(applyMemoryPolicy([], '--max-old-space-size=800 --heap-growing-percent=10', record)).toBeNull();
    expect(set).toEqual([HEAP_GROWING_FLAG]);
  });
});
