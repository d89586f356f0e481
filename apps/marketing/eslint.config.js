import react from '@repo/eslint-config/react';

// Issue 10: the site names its API calls through @repo/api-client (siteApi), never a
// path. The proxy route and the server's post fetch build theirs from the API's URL.
const API_PATH = '/^\\/api\\//';

export default [
  ...react,
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.{ts,tsx}', 'app/routes/api.$.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${API_PATH}]`,
          message: 'Call the API through siteApi (@repo/api-client), not with a path.',
        },
        {
          selector: `TemplateElement[value.raw=${API_PATH}]`,
          message: 'Call the API through siteApi (@repo/api-client), not with a path.',
        },
      ],
    },
  },
];
