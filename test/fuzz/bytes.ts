// `npm run fuzz:bytes -- --cases N [--seed S]`: the byte-level fuzzer (test/e2e/byte-fuzz.test.ts) for a
// long run, N cases from a fresh seed (or S, to replay a finding). CI runs the same file with its default
// count; this only sets BYTE_FUZZ_CASES and BYTE_FUZZ_SEED and runs jest on it, its output as it comes.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { cases: { type: 'string' }, seed: { type: 'string' } } });
const env = {
  ...process.env,
  ...(values.cases ? { BYTE_FUZZ_CASES: values.cases } : {}),
  ...(values.seed ? { BYTE_FUZZ_SEED: values.seed } : {}),
};
const child = spawn(
  process.execPath,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', 'test/e2e/byte-fuzz.test.ts'],
  { env, stdio: 'inherit' },
);
child.once('exit', (code) => process.exit(code ?? 1));
