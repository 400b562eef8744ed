import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules', 'public', '.cache', 'var', 'cms', 'services/node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // A tool's folder stands alone: it imports shared layers, never another tool's folder.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)|(^|/)features/',
              message: 'A feature does not import another feature; move shared code to a shared layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared layers serve every tool, so they never depend on one.
    files: ['src/{app,auth,components,config,export,http,i18n,styles,build}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)features/', message: 'Shared layers do not import features.' }] }],
    },
  },
  {
    // The services share only the portal's access roles and export engine, never its pages or tools (two levels
    // up at least: from services/scripts/, ../src/ is the services' own code).
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}src/(?!(config/access|config/tenant|export/|build/precompress))',
              message: 'Services import only the shared roles, tenant profile and export engine from the portal.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', fetch: 'readonly', AbortSignal: 'readonly', setTimeout: 'readonly' },
    },
  },
  {
    files: ['static/**/*.js'],
    languageOptions: { globals: { window: 'readonly' } },
  },
);
