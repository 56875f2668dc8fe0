// Summarizes a V8 .cpuprofile (from node --cpu-prof): self time by function, and total
// (inclusive) time of the functions named on the command line.
//
//   node bench/profile-summary.mjs <file.cpuprofile> [top=25] [functionName...]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Self and inclusive milliseconds per `name (file:line)`. */
export function summarizeProfile(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parent.set(child, node.id);
    }
  }
  const selfByNode = new Map();
  const deltas = profile.timeDeltas;
  for (let index = 0; index < profile.samples.length; index++) {
    const next = deltas[index + 1] ?? 0;
    selfByNode.set(profile.samples[index], (selfByNode.get(profile.samples[index]) ?? 0) + next);
  }
  const label = (node) => {
    const frame = node.callFrame;
    const where = frame.url === '' ? '' : ` (${path.basename(frame.url)}:${frame.lineNumber + 1})`;
    return `${frame.functionName || '(anonymous)'}${where}`;
  };
  const self = new Map();
  const total = new Map();
  for (const [id, micros] of selfByNode) {
    const node = nodes.get(id);
    const key = label(node);
    self.set(key, (self.get(key) ?? 0) + micros / 1000);
    // inclusive: count once per distinct label on the stack
    const seen = new Set();
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const name = label(nodes.get(current));
      if (!seen.has(name)) {
        seen.add(name);
        total.set(name, (total.get(name) ?? 0) + micros / 1000);
      }
    }
  }
  const wall = (profile.endTime - profile.startTime) / 1000;
  return { wall, self, total };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top = '25', ...names] = process.argv.slice(2);
  const { wall, self, total } = summarizeProfile(file);
  console.log(`wall ${wall.toFixed(0)} ms`);
  console.log('\nself time:');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${key}`);
  }
  console.log('\ntotal time:');
  const wanted = names.length > 0 ? [...total].filter(([key]) => names.some((name) => key.startsWith(`${name} `) || key === name)) : [...total];
  for (const [key, ms] of wanted.sort((a, b) => b[1] - a[1]).slice(0, names.length > 0 ? 200 : Number(top))) {
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${key}`);
  }
}
