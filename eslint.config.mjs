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
    files: ['src/{app,auth,components,config,http,i18n,styles}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)features/', message: 'Shared layers do not import features.' }] }],
    },
  },
  {
    // The shared package (shared/, @guichet/shared) stands alone: the portal and the services import it, it imports neither.
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}|(^|/)(src|services|features)/',
              message: 'The shared package imports only itself and its dependencies.',
            },
          ],
        },
      ],
    },
  },
  {
    // The services share code with the portal only through @guichet/shared, never its pages or tools (two levels
    // up at least: from services/scripts/, ../src/ is the services' own code).
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}(src|shared)/',
              message: "Services import the portal's shared code as @guichet/shared, nothing else of the portal.",
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
