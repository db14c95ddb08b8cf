import type { GroupResult, SideSummary, TargetSummary } from './trials.ts';

// The printed report: one table of every route beside its raw baseline, then one line per goal of
// issue 14 with PASS or FAIL (or SKIP when this run did not measure it, saying how to measure it).

export function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(r.length === 0 ? '' : line(r));
}

export const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function sideRow(s: SideSummary, t?: TargetSummary): string[] {
  return [
    s.title,
    f(s.rps),
    f(s.p50, 1),
    f(s.p99, 1),
    t ? f(t.ratio, 2) : '',
    t ? f(t.ratio_of_medians, 2) : '',
    t ? f(t.p99_ratio, 2) : '',
    String(s.non2xx),
    String(s.errors),
  ];
}

const FOOTNOTE =
  'req/s, p50, p99: medians over the rounds; ratio: median of the per-round ratios to the raw baseline run just before; ratio med: ratio of the medians';

export function printGroups(groups: GroupResult[], caption: string, footnote = FOOTNOTE): void {
  console.log();
  console.log(caption);
  const rows: string[][] = [];
  for (const g of groups) {
    if (rows.length > 0) rows.push([]);
    rows.push(sideRow(g.raw));
    for (const t of g.targets) rows.push(sideRow(t, t));
  }
  table(['route', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'ratio med', 'p99 ratio', 'non-2xx', 'errors'], rows);
  console.log(footnote);
}

export interface Goal {
  key: string;
  label: string;
  value: number | null;
  /** e.g. ">= 1.0" */
  goal: string;
  pass: boolean | null;
  digits?: number;
  unit?: string;
  /** Why it was not measured (pass null), or a remark. */
  note?: string;
}

export function goal(
  key: string,
  label: string,
  value: number | null | undefined,
  op: '>=' | '>' | '<=' | '<' | '=',
  bound: number,
  extra: { digits?: number; unit?: string; note?: string } = {},
): Goal {
  const v = value ?? null;
  const ok =
    v === null || Number.isNaN(v)
      ? null
      : op === '>='
        ? v >= bound
        : op === '>'
          ? v > bound
          : op === '<='
            ? v <= bound
            : op === '<'
              ? v < bound
              : v === bound;
  return { key, label, value: v, goal: `${op} ${bound}${extra.unit ?? ''}`, pass: ok, ...extra };
}

export const skipped = (key: string, label: string, goalText: string): Goal => ({
  key,
  label,
  value: null,
  goal: goalText,
  pass: null,
});

export function printGoals(goals: Goal[]): void {
  console.log();
  for (const g of goals) {
    const value = g.value === null ? '' : ` ${g.value.toFixed(g.digits ?? 2)}${g.unit ?? ''}`;
    const verdict = g.pass === null ? `SKIP (${g.note ?? 'not measured'})` : g.pass ? 'PASS' : 'FAIL';
    const note = g.pass !== null && g.note ? ` [${g.note}]` : '';
    console.log(`${g.label}${value} (goal ${g.goal}): ${verdict}${note}`);
  }
}
