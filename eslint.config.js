import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layers depend one way: workers/seatplan (pure) ← src/seatmap ← src/flows; the server never imports the shop's UI. */
const uiLayers = ['**/flows/**', '**/app/**', '**/ui/**', '**/seatmap/**', '**/state/**', '**/i18n/**'];

/**
 * The back office (src/backoffice) is its own area: nothing outside it imports it, so the shop's pages
 * carry none of its code. The router reaches it only through a dynamic `import()`, which this rule does
 * not check (src/backoffice/boundary.test.ts checks the same boundary without ESLint). Every
 * `no-restricted-imports` entry below repeats it, as a later entry replaces an earlier one's options.
 */
const backoffice = {
  group: ['**/backoffice', '**/backoffice/**'],
  message: 'Only src/backoffice imports src/backoffice; the router loads it lazily (src/app/router.tsx).',
};
const notBackoffice = ['src/backoffice/**'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'data',
      'test-results',
      'test-results-*',
      'playwright-report',
      'bench/results',
      'bench/seatmap/dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One HTTP client: components and flows call src/api, never fetch directly.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the api client in src/api.' }],
    },
  },
  {
    files: ['src/api/client.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    ignores: notBackoffice,
    rules: { 'no-restricted-imports': ['error', { patterns: [backoffice] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiLayers, message: 'The server imports only the shared contract and pure modules.' },
            backoffice,
          ],
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts', 'src/api/contract/**/*.ts', 'src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...uiLayers, '**/server/**', 'react', 'react-dom', 'pixi.js'],
              message: 'Pure modules import no UI, server or renderer code.',
            },
            backoffice,
          ],
        },
      ],
    },
  },
  {
    // Flows never import each other: what two flows share lives in src/ui, src/domain, src/state ...
    // or in the one checkout (src/flows/checkout). (No other no-restricted-imports entry matches
    // src/flows, so this one replaces none.)
    files: ['src/flows/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // gitignore order: the last matching pattern wins. '../x/…' is a sibling flow, but
              // '../../x/…' (src/ui, src/domain …) is not, unless it walks back into src/flows.
              group: ['../*/**', '!../../**', '!../checkout/**', '**/flows/*/**', '!**/flows/checkout/**'],
              message:
                'A flow imports no other flow; move shared code to src/ui, src/domain or src/flows/checkout.',
            },
            backoffice,
          ],
        },
      ],
    },
  },
  {
    // The seat map is a layer under the flows: it knows plans, seats and the canvas, never a flow's screens.
    files: ['src/seatmap/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/flows/**', '**/app/**', '**/server/**'],
              message:
                'src/seatmap imports no flow, no app shell and no server code; flows import the seat map.',
            },
            backoffice,
          ],
        },
      ],
    },
  },
  {
    // The back office shares src/ui, src/domain, src/api and the seat map with the shop, never its pages.
    files: ['src/backoffice/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/flows/**', '**/app/**', '**/server/**'],
              message: 'src/backoffice imports no shop flow, no app shell and no server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may use the server's plan generators and other fixtures across layers, but the back office's
    // code is tested inside src/backoffice.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'],
    ignores: notBackoffice,
    rules: { 'no-restricted-imports': ['error', { patterns: [backoffice] }] },
  },
  {
    files: ['src/backoffice/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
