import base from '@repo/eslint-config/base';

export default [
  ...base,
  // The generated client types are written by the test and are not ours to lint.
  { ignores: ['.generated/**'] },
  // The checks run tools with the environment they were given.
  { files: ['src/**'], rules: { 'no-restricted-properties': 'off' } },
];
