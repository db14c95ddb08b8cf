import { accessSync, constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_INSTALL_HINT =
  'install it with `apt-get install chromium` (Debian/Ubuntu; .ci/run does), or set CHROMIUM_PATH to a Chromium or Chrome binary';

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The Chromium to drive: CHROMIUM_PATH when set, else Debian's `chromium` (its path or PATH), else a message saying how to get it. */
export function chromiumPath(): string {
  const set = process.env.CHROMIUM_PATH;
  if (set) {
    if (!executable(set)) throw new Error(`CHROMIUM_PATH=${set} is not an executable file: ${CHROMIUM_INSTALL_HINT}`);
    return set;
  }
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .flatMap((d) => [join(d, 'chromium'), join(d, 'chromium-browser')]);
  const found = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', ...onPath].find(executable);
  if (!found) throw new Error(`Chromium is not installed: ${CHROMIUM_INSTALL_HINT}`);
  return found;
}

/** A headless Chromium of the machine's own (no browser download), driven by playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Root in a container has no user namespace for the sandbox; /dev/shm is small there.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

let axeSource: Promise<string> | undefined;

/**
 * axe-core's verdict on the page as it is now: the violations of impact serious or critical. The pages'
 * CSP admits only their own hashed script (no addScriptTag, no eval), so axe's source is evaluated as an
 * expression through the DevTools protocol, which CSP does not govern.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  // A string is evaluated as an expression through Runtime.evaluate, which the page's CSP does not govern.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(source);
  const results = await page.evaluate(() =>
    (globalThis as unknown as { axe: { run(opts: unknown): Promise<unknown> } }).axe.run({
      resultTypes: ['violations'],
    }),
  );
  const violations = (results as { violations: AxeViolation[] }).violations;
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
    }));
}
