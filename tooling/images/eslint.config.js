import base from '@repo/eslint-config/base';

export default [
  ...base,
  // Test infrastructure: it passes the environment on to the processes and containers it starts.
  { files: ['src/**', 'test/**'], rules: { 'no-restricted-properties': 'off' } },
];
