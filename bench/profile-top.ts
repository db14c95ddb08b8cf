// The top frames of a V8 CPU profile (`--cpu-prof`; `BENCH_PROFILE=<dir> npm run bench` writes the measured
// API's), as the markdown tables docs/performance.md keeps (issue 52): the functions by self time, and the
// same time summed by where the code lives (a package, Node's internals, our folders, the collector).
//
//   node bench/profile-top.ts <file.cpuprofile> [requests] [rows]
//
// With `requests` (the requests the process answered while profiled) each row also says what it costs
// per request, in microseconds.
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, Node's own code, a folder of ours, or V8's own work. */
export function placeOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const ours = /\/(src\/[^/]+|activities|workflows|bench)\//.exec(url);
  return ours ? (ours[1] as string) : url;
}

const frameName = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/^.*\/(node_modules\/|src\/)/, '$1')}:${f.lineNumber + 1}` : ''}`.trim();

/** Microseconds of self time per node id, from the samples and their time deltas. */
function selfTimes(p: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  return self;
}

/** The busy time's top frames and places: `(idle)` (the event loop waiting) is left out of both. */
export function topFrames(p: CpuProfile, rows: number) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = selfTimes(p);
  for (const [id] of self) if ((byId.get(id) as ProfileNode).callFrame.functionName === '(idle)') self.delete(id);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const sum = (key: (f: CallFrame) => string) => {
    const m = new Map<string, number>();
    for (const [id, us] of self) {
      const f = (byId.get(id) as ProfileNode).callFrame;
      m.set(key(f), (m.get(key(f)) ?? 0) + us);
    }
    return [...m].sort((a, b) => b[1] - a[1]).slice(0, rows);
  };
  return { total, frames: sum(frameName), places: sum(placeOf) };
}

function table(title: string, entries: [string, number][], total: number, requests: number | null) {
  const lines = [
    `| ${title} | share | ${requests ? 'µs per request |' : ''}`,
    `| --- | --- | ${requests ? '--- |' : ''}`,
  ];
  for (const [what, us] of entries)
    lines.push(
      `| \`${what.replace(/\|/g, '\\|')}\` | ${((100 * us) / total).toFixed(1)} % | ${requests ? `${(us / requests).toFixed(1)} |` : ''}`,
    );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, requestsArg, rowsArg] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/profile-top.ts <file.cpuprofile> [requests] [rows]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const requests = requestsArg ? Number(requestsArg) : null;
  const { total, frames, places } = topFrames(profile, Number(rowsArg ?? 20));
  console.log(
    `${(total / 1e6).toFixed(1)} s busy${requests ? `, ${requests} requests: ${(total / requests).toFixed(1)} µs each` : ''}\n`,
  );
  console.log(table('where', places, total, requests));
  console.log();
  console.log(table('function (self time)', frames, total, requests));
}
