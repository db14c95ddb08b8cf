import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, Runtime, type BundleOptions, type WorkflowBundleOption } from '@temporalio/worker';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The interceptors package has no `exports` map, so an ESM import cannot name its file: resolve it as CJS.
const require = createRequire(import.meta.url);

/**
 * What goes into a bundle of our workflows, for the worker and the tests alike (test/helpers/workflow-bundle.ts),
 * so what the tests replay and run is what production runs. With tracing on, the OpenTelemetry workflow
 * interceptors are bundled in: a Worker given a prebuilt bundle ignores `interceptors.workflowModules`,
 * so this is the only place they can go. They give each run its `RunWorkflow` span under the caller's
 * `StartWorkflow`, and each scheduled activity a `StartActivity` span (docs/tracing.md); every Worker over
 * such a bundle must register their `exporter` sink (src/telemetry/workflow-spans.ts). With tracing off
 * they are left out: every run evaluates every module of its bundle, and theirs (OpenTelemetry's API,
 * its semantic conventions, its environment parsing: 116 of 230 modules) cost the worker about 2 ms of CPU
 * per registration for spans that went nowhere (issue 52; docs/performance.md "The write path"). They add
 * no commands, so a history recorded by either bundle replays on the other (test/workflows/replay.test.ts
 * replays every recorded history on both).
 */
export function bundleOptions(workflowsPath: string, logger: BundleOptions['logger'], traced: boolean): BundleOptions {
  return {
    workflowsPath,
    workflowInterceptorModules: traced
      ? [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')]
      : [],
    logger,
  };
}

/** Every file under a folder, sorted, so a hash over them is the same on every machine. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * The worker's workflow code, bundled once per version of it. Bundling (webpack over `workflows/`)
 * took 7 to 23 s of every worker start on a loaded machine, and a restarted worker is how work resumes
 * after a crash. The bundle is kept under a hash of what goes into it: every file of `workflows/`
 * (workflow code imports nothing from `src/`, lint enforces it), the lockfile (the SDK and every
 * package it could pull in) and the bundle's options (the entry's path, the interceptor modules); a
 * change to any of them bundles anew. The file is written under a temporary name and renamed, so two
 * workers starting at once never read half of it.
 */
export async function workflowBundle(
  workflowsPath: string,
  opts: {
    /** With the OpenTelemetry workflow interceptors (bundleOptions above). */
    traced?: boolean;
    cacheDir?: string;
    // The tests' own (test/helpers/workflow-bundle.ts), which installs no Runtime just to log a bundling.
    logger?: BundleOptions['logger'];
  } = {},
) {
  const options = bundleOptions(workflowsPath, opts.logger ?? Runtime.instance().logger, opts.traced ?? false);
  const hash = createHash('sha256').update(JSON.stringify({ ...options, logger: undefined }));
  for (const file of [...(await filesUnder(dirname(workflowsPath))), join(ROOT, 'package-lock.json')])
    hash.update(file).update(await readFile(file));
  const dir = opts.cacheDir ?? join(tmpdir(), 'registry-workflow-bundles');
  const codePath = join(dir, `${hash.digest('hex').slice(0, 32)}.js`);
  const cached = await readFile(codePath, 'utf8').catch(() => null);
  if (cached) return { code: cached } satisfies WorkflowBundleOption;
  const { code } = await bundleWorkflowCode(options);
  await mkdir(dir, { recursive: true });
  const partial = `${codePath}.${process.pid}.partial`;
  await writeFile(partial, code);
  await rename(partial, codePath);
  return { code } satisfies WorkflowBundleOption;
}
