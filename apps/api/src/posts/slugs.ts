// One rule for the API and the console's editor (issue 23).
export { slugFromTitle } from '@repo/validation';
