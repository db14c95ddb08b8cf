// Lint guards what review would otherwise have to: promises that nobody awaits, type-only imports
// kept type-only, no import cycles, the workflow bundle boundary (workflows/ is replayed
// deterministically, so it may import the workflow SDK, its siblings and activity *types* only), and
// the layers of src/: each folder depends only on those below it, so a rule stays where it belongs.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

// Who may not import whom. Paths are relative to this file.
const layers = [
  {
    target: './src/domain',
    from: './src',
    except: ['./domain'],
    message: 'src/domain is pure: it imports only src/domain; db, auth, http and the rest depend on it.',
  },
  {
    target: './src/domain',
    from: ['./activities', './workflows'],
    message: 'src/domain is pure: it imports only src/domain.',
  },
  {
    target: './src/db',
    from: ['./src/auth', './src/services', './src/http', './activities'],
    message: 'src/db depends on src/domain only: repositories return plain data to the layers above.',
  },
  {
    target: './src/auth',
    from: ['./src/services', './src/http', './activities', './workflows'],
    message: 'src/auth sits below HTTP and the use cases: it imports no route, schema or service.',
  },
  {
    target: './src/payments',
    from: ['./src/services', './src/http', './activities', './workflows'],
    message: 'src/payments declares what it offers (verifier.ts, payment-settings.ts); callers depend on it.',
  },
  {
    target: './src/services',
    from: ['./src/http', './activities', './workflows'],
    message: 'Services take plain data and know nothing of HTTP or Temporal.',
  },
  {
    // The paid operations talk to Temporal through the workflow contracts (workflows/*-messages.ts),
    // never through workflow code, activities or HTTP.
    target: ['./src/checkout', './src/registration', './src/renewal'],
    from: ['./src/http', './activities'],
    message: 'Paid operations return data; src/http renders it. Side effects run in activities via workflows.',
  },
  {
    target: ['./src/checkout', './src/registration', './src/renewal'],
    from: './workflows',
    except: [
      './checkout-messages.ts',
      './registration-messages.ts',
      './renewal-messages.ts',
      './settlement-messages.ts',
      './search-attributes.ts',
    ],
    message: 'Paid operations import only the workflow contracts (*-messages.ts), never workflow code.',
  },
  {
    target: './src/webhooks',
    from: ['./src/http', './activities'],
    message: 'Webhook services return data; src/http renders it and the delivery activity calls into them.',
  },
  {
    target: './src/webhooks',
    from: './workflows',
    except: ['./webhook-messages.ts'],
    message: 'src/webhooks talks to Temporal through the delivery contract (workflows/webhook-messages.ts) only.',
  },
];
const dbImportsNoWorkflows = {
  target: './src/db',
  from: './workflows',
  message: 'src/db may not import workflows/: workflow types that the database must know belong in src/domain.',
};
const restrictedPaths = (zones) => ['error', { basePath: import.meta.dirname, zones }];

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', 'coverage/**', '**/*.js'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts'], 'import-x/resolver': { node: { extensions: ['.ts'] } } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': restrictedPaths([...layers, dbImportsNoWorkflows]),
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mikro-orm/*', 'pg', '@temporalio/*', 'fastify', 'fastify/*', '@fastify/*'],
              message: 'src/domain is pure: no ORM, transactions, Temporal or HTTP framework.',
            },
          ],
          paths: ['fs', 'fs/promises', 'node:fs', 'node:fs/promises'].map((name) => ({
            name,
            message: 'src/domain reads no files: read in src/db (or src/infra) and pass the data in.',
          })),
        },
      ],
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'Workflow code is deterministic: no Node built-ins.' },
            {
              group: ['@mikro-orm/*', 'pg', 'viem', 'viem/*', 'mppx', 'mppx/*', 'fastify', 'fastify/*'],
              message: 'Side effects belong in activities.',
            },
            { group: ['../src/*', '../src/**'], message: 'workflows/ may not import src/: pass data in as arguments.' },
            {
              group: ['../activities/*'],
              allowTypeImports: true,
              message: 'Import activity types only (import type).',
            },
          ],
          paths: ['fs', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process', 'worker_threads'].map(
            (name) => ({ name, message: 'No Node built-ins in workflows.' }),
          ),
        },
      ],
    },
  },
);
