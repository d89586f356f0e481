import react from '@repo/eslint-config/react';

export default [
  ...react,
  {
    // The production server runs on Node, not in the browser.
    files: ['server/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
];
