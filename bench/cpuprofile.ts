/**
 * Reads a .cpuprofile (node --cpu-prof) and prints where the CPU went during a load: self time per
 * function and per file or package, and inclusive time (the share of samples with the function anywhere
 * on the stack). The window is the busiest `seconds` (least idle) among those starting in the last
 * `tail` seconds of the profile, i.e. the load just before the shutdown. docs/perf.md shows the use:
 *   npx tsx bench/cpuprofile.ts CPU.….cpuprofile [top=25] [seconds=4] [tail=8]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, secondsArg, tailArg] = process.argv.slice(2);
if (!file) throw new Error('usage: npx tsx bench/cpuprofile.ts <file.cpuprofile> [top] [seconds] [tail]');
const top = Number(topArg ?? 25);
const windowUs = Number(secondsArg ?? 4) * 1e6;
const tailUs = Number(tailArg ?? 8) * 1e6;

const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const idle = p.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;

const times: number[] = [];
let t = p.startTime;
for (const d of p.timeDeltas) times.push((t += d));
const idleBefore = [0];
for (const s of p.samples) idleBefore.push(idleBefore.at(-1)! + (s === idle ? 1 : 0));

// The window: fewest idle samples, starting in the tail of the profile.
let from = 0;
let to = times.length;
let best = Infinity;
for (let i = 0, j = 0; i < times.length; i += 50) {
  if (times[i]! < times.at(-1)! - tailUs) continue;
  while (j < times.length && times[j]! < times[i]! + windowUs) j++;
  if (j >= times.length) break;
  const idleShare = (idleBefore[j]! - idleBefore[i]!) / (j - i);
  if (idleShare < best) [best, from, to] = [idleShare, i, j];
}

const where = (n: Node) => (n.callFrame.url || '').replace(/.*\/node_modules\//, 'nm/').replace(/.*\/dist\//, 'dist/');
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${where(n)}:${n.callFrame.lineNumber + 1}`;
const fileOf = (n: Node) => {
  const f = where(n);
  if (!f.startsWith('nm/')) return f || n.callFrame.functionName;
  const parts = f.split('/');
  return parts.slice(0, parts[1]!.startsWith('@') ? 3 : 2).join('/');
};

const counts = new Map<number, number>();
for (const s of p.samples.slice(from, to)) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = to - from;
const self = new Map<string, number>();
const files = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (m: Map<string, number>, k: string, c: number) => m.set(k, (m.get(k) ?? 0) + c);
for (const [id, c] of counts) {
  const n = byId.get(id)!;
  add(self, label(n), c);
  add(files, fileOf(n), c);
  const seen = new Set<string>();
  for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
    const k = label(byId.get(x)!);
    if (!seen.has(k)) add(inclusive, k, c);
    seen.add(k);
  }
}

const pct = (c: number) => `${((100 * c) / total).toFixed(1)}%`;
const print = (title: string, m: Map<string, number>, n: number) => {
  console.log(`--- ${title}`);
  for (const [k, c] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(pct(c).padStart(6), k);
};
console.log(`${total} samples in the window, ${(best * 100).toFixed(1)} % idle`);
print('self time', self, top);
print('self time by file or package', files, 15);
print('inclusive time', inclusive, top * 2);
