import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const DOMAIN_NO_IO = 'server/domain holds pure rules and does no I/O: store access (and what uses it) goes in server/services.';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The portal talks to the service over HTTP only; it may share the contract, nothing else.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/*', '!**/server/contract', '!**/server/contract/*'], message: 'The portal may import only server/contract.' }] }],
    },
  },
  {
    // Domain rules do no I/O (issue 14): whatever reads or writes the store lives in server/services.
    files: ['server/domain/**/*.{ts,tsx}'],
    ignores: ['server/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'pg', message: DOMAIN_NO_IO }, { name: '@electric-sql/pglite', message: DOMAIN_NO_IO }],
        patterns: [{ group: ['**/store', '**/store/*', '**/services', '**/services/*', '**/background'], message: DOMAIN_NO_IO }],
      }],
    },
  },
  {
    // Their tests may compare with a service's figures, but never open the store.
    files: ['server/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'pg', message: DOMAIN_NO_IO }, { name: '@electric-sql/pglite', message: DOMAIN_NO_IO }],
        patterns: [{ group: ['**/store', '**/store/*', '**/helpers/service'], message: DOMAIN_NO_IO }],
      }],
    },
  },
);
