import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Shared lint rules for every package. `process.env` is read in exactly one
 * module per app (its env/config module), so configuration is validated once.
 */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/build/**',
      '**/.turbo/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through the env module.',
        },
      ],
    },
  },
  {
    files: [
      '**/env.ts',
      '**/env.server.ts',
      '**/config.ts',
      '**/*.config.ts',
      '**/*.config.js',
      '**/test/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/e2e/**',
      '**/scripts/**',
      '**/testing.ts',
      '**/server/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Plain-JavaScript production servers run on Node, not in the browser.
    files: ['**/server/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
