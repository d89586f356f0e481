import './zod-config';
export * from './fields';
export * from './waitlist';
export * from './contact';
export * from './beta-feedback';
export * from './auth';
export * from './admin';
export * from './analytics';
export * from './issues';
