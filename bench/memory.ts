import { readFileSync } from 'node:fs';

// The API's resident memory under load (issue 52: under 250 MB; it was 300): VmRSS of its process, read from /proc
// every 200 ms while the load runs. Linux only; elsewhere nothing is sampled and the figure is null.

function rssMb(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface RssSampler {
  /** The largest sample, in MB (null: none could be read). */
  maxMb: () => number | null;
  /** The first sample: the API at rest, before the load. */
  firstMb: () => number | null;
  samples: () => number;
  stop: () => void;
}

export function sampleRss(pid: number, everyMs = 200): RssSampler {
  let max: number | null = null;
  let first: number | null = null;
  let count = 0;
  const take = () => {
    const mb = rssMb(pid);
    if (mb === null) return;
    first ??= mb;
    max = Math.max(max ?? 0, mb);
    count += 1;
  };
  take();
  const timer = setInterval(take, everyMs);
  timer.unref();
  return { maxMb: () => max, firstMb: () => first, samples: () => count, stop: () => clearInterval(timer) };
}
