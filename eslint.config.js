import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import moduleDoors from './eslint/module-doors.js';
import noWallClockWaits from './eslint/no-wall-clock-waits.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A function a person can read whole (decision 0034): tests are left out, a journey's describe block is one story.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.ts', 'e2e/**', 'apps/server/src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
  {
    plugins: { modules: { rules: { doors: moduleDoors } } },
    rules: { 'modules/doors': 'error' },
  },
  {
    files: ['**/*.test.ts', 'e2e/support/**', 'apps/server/src/test/**'],
    plugins: { tests: { rules: { 'no-wall-clock-waits': noWallClockWaits } } },
    rules: { 'tests/no-wall-clock-waits': 'error' },
  },
);
