import base from '@repo/eslint-config/base';

export default [
  ...base,
  // Test infrastructure: it passes the environment on to the processes it starts.
  { files: ['src/**'], rules: { 'no-restricted-properties': 'off' } },
];
