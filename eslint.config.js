// Lint guards what review would otherwise have to: promises that nobody awaits, type-only imports
// kept type-only, no import cycles, and the workflow bundle boundary (workflows/ is replayed
// deterministically, so it may import the workflow SDK, its siblings and activity *types* only).
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

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
