import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tessera from './tools/eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'test-results/**', 'playwright-report/**', 'e2e/screenshots/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { tessera },
    rules: {
      'tessera/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Command-line entry points and scripts talk to a terminal.
    files: ['scripts/**', 'apps/server/src/operator/cli/**', 'e2e/**', 'tools/**', 'apps/server/build.mjs', 'apps/web/scripts/**', 'apps/web/vite.config.ts', 'apps/admin/scripts/**', 'apps/admin/vite.config.ts', 'examples/**'],
    rules: { 'no-console': 'off' },
  },
);
