// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/** Import boundaries of DESIGN.md "Layout": each folder lists what it must not import. */
const boundary = (files, patterns, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  },
});

/**
 * Features stand alone (docs/architecture.md): a folder under src/features imports nothing from
 * another feature folder; what several use lives in src/features/shared, src/ui or src/domain.
 * One zone per folder, from the folder list, so a new feature is covered when it is created.
 */
const FEATURES = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

const featureZones = [...FEATURES, 'shared'].map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [...new Set([`./${name}`, './shared'])],
  message: `a feature imports no other feature: move what ${name} needs to src/features/shared, src/ui or src/domain (docs/architecture.md)`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // One i18next instance (src/app/i18n.ts) with the app's area loading: components take it
    // through src/app/useTranslation.ts (src/ui through src/ui/useTranslation.ts, the same
    // instance as registered by initReactI18next); `Trans` and the types come from the libraries.
    files: ['src/**', 'workers/**'],
    ignores: ['src/app/i18n.ts', 'src/app/useTranslation.ts', 'src/ui/useTranslation.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'i18next',
              allowTypeImports: true,
              message: 'translate with the instance of src/app/i18n.ts',
            },
            {
              name: 'react-i18next',
              importNames: ['useTranslation', 'withTranslation', 'Translation', 'I18nextProvider'],
              message: 'use src/app/useTranslation.ts (the instance of src/app/i18n.ts)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/main.ts', 'scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  boundary(
    ['src/contract/**'],
    ['../*', '!./*', 'react', 'react-dom'],
    'contract imports nothing (DESIGN.md Layout)',
  ),
  boundary(
    ['src/domain/**'],
    [
      '../api/*',
      '../live/*',
      '../app/*',
      '../features/*',
      '../ui/*',
      '**/workers/**',
      '**/server/**',
      'react',
    ],
    'domain imports only contract (DESIGN.md Layout)',
  ),
  boundary(
    ['workers/**'],
    [
      '**/src/api/**',
      '**/src/live/**',
      '**/src/app/**',
      '**/src/features/**',
      '**/src/ui/**',
      'react',
      'react-dom',
      '**/server/**',
    ],
    'workers use contract and domain only (DESIGN.md Layout)',
  ),
  boundary(
    ['server/**'],
    [
      '**/src/api/**',
      '**/src/live/**',
      '**/src/app/**',
      '**/src/features/**',
      '**/src/ui/**',
      '**/workers/**',
      'react',
      'react-dom',
    ],
    'server uses contract and domain only (DESIGN.md Layout)',
  ),
  boundary(
    ['src/platform/**'],
    [
      '**/api/**',
      '**/live/**',
      '**/app/**',
      '**/features/**',
      '**/ui/**',
      '**/workers/**',
      'react',
    ],
    'platform (the native app bridge) uses contract and domain only',
  ),
  boundary(
    ['src/ui/**'],
    ['**/features/**', '**/api/**', '**/live/**', '**/workers/**'],
    'ui knows no feature and does no I/O (DESIGN.md Layout)',
  ),
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: './src/ui',
              from: './src/app',
              message:
                'ui sits under the shell: texts through src/ui/useTranslation.ts, formats through src/ui hooks or props (docs/architecture.md)',
            },
          ],
        },
      ],
    },
  },
  boundary(
    ['src/features/**', 'src/app/**'],
    ['**/workers/**'],
    'views reach the engine only through src/live (DESIGN.md Layout)',
  ),
);
