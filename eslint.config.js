import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '.builds/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // React calls what an effect returns as its cleanup; an expression body returns whatever the call
      // gives back (Chromium's scrollIntoView now gives a Promise: issue 21's 'l is not a function').
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression.arguments[expression=true]:not([body.type='ArrowFunctionExpression'])",
          message: 'Give the effect a block body: whatever an arrow expression returns, React calls as the cleanup.',
        },
      ],
    },
  },
  {
    // The service worker is plain JavaScript served as it is (apps/web/public): a worker's globals.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Browser tests take `test` and `expect` from the shared fixture, which fails a test on any page
    // error or unexpected console error (issue 21): a test can no longer pass over a crashed screen.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test (and expect) from './support/test'." }] },
      ],
    },
  },
);
