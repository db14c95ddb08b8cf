import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// CPU time of the processes a registration runs through, read from /proc (Linux only; elsewhere every
// reading is null): utime + stime of /proc/<pid>/stat, in clock ticks (getconf CLK_TCK, usually 100 a
// second), of a process and of every process below it, plus cutime + cstime (what the children it has
// reaped spent: PostgreSQL's ended backends, for one). A process that exits between two readings without
// being reaped by one of those loses what it spent since the first; the bench's own live throughout.

export const CLK_TCK = clockTicks();

function clockTicks(): number {
  try {
    const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
}

interface Stat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
}

/** /proc/<pid>/stat: `pid (comm) state ppid … utime stime …`; comm may hold spaces and parentheses. */
function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const open = text.indexOf('(');
    const close = text.lastIndexOf(')');
    const rest = text.slice(close + 2).split(' ');
    // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
    return {
      pid,
      ppid: Number(rest[1]),
      comm: text.slice(open + 1, close),
      ticks: Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]),
    };
  } catch {
    return null;
  }
}

function allStats(): Stat[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((e) => /^\d+$/.test(e))
    .map((e) => readStat(Number(e)))
    .filter((s): s is Stat => s !== null);
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** `roots` and every process below them. */
function subtrees(stats: Stat[], roots: readonly number[]): Stat[] {
  const byParent = new Map<number, Stat[]>();
  for (const s of stats) byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), s]);
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const seen = new Set<number>();
  const out: Stat[] = [];
  const walk = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    const s = byPid.get(pid);
    if (s) out.push(s);
    for (const c of byParent.get(pid) ?? []) walk(c.pid);
  };
  for (const r of roots) walk(r);
  return out;
}

/**
 * The topmost processes below this one whose command line matches (their own descendants are counted
 * with them): e.g. the Temporal dev server the SDK started (`temporal server start-dev`, behind a shim
 * or a Python wrapper), PowerDNS, anvil.
 */
export function ourProcesses(matches: (cmdline: string, comm: string) => boolean): number[] {
  const stats = allStats();
  const mine = subtrees(stats, [process.pid]).filter((s) => s.pid !== process.pid);
  const hits = new Set(mine.filter((s) => matches(cmdline(s.pid), s.comm)).map((s) => s.pid));
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const under = (s: Stat): boolean => {
    for (let p = byPid.get(s.ppid); p; p = byPid.get(p.ppid)) if (hits.has(p.pid)) return true;
    return false;
  };
  return [...hits].filter((pid) => !under(byPid.get(pid) as Stat));
}

/** Every process of this name on the machine (PostgreSQL's backends are not our children when external). */
export function processesNamed(comm: string): number[] {
  return allStats()
    .filter((s) => s.comm === comm)
    .map((s) => s.pid);
}

/** A process (or set of processes) whose CPU the bench reads: `pids` is resolved at every reading. */
export interface CpuProbe {
  key: string;
  pids: () => readonly number[];
  /** Count every process of the name, not only the subtrees of `pids` (PostgreSQL). */
  flat?: boolean;
}

/** CPU seconds each probe has used so far (null: nothing could be read). */
export type CpuReading = Record<string, number | null>;

export function readCpu(probes: readonly CpuProbe[]): CpuReading {
  const stats = allStats();
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const reading: CpuReading = {};
  for (const p of probes) {
    const pids = p.pids();
    const procs = p.flat ? pids.map((pid) => byPid.get(pid)).filter((s) => s !== undefined) : subtrees(stats, pids);
    reading[p.key] = procs.length === 0 ? null : procs.reduce((a, s) => a + s.ticks, 0) / CLK_TCK;
  }
  return reading;
}

/** Seconds spent by each probe between two readings. */
export function cpuSpent(before: CpuReading, after: CpuReading): CpuReading {
  const out: CpuReading = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    // Rounded to the tick (clock ticks are whole; the subtraction of their sums leaves float dust).
    out[key] =
      a === null || a === undefined || b === null || b === undefined
        ? null
        : Math.max(0, Math.round((b - a) * CLK_TCK) / CLK_TCK);
  }
  return out;
}
