export * from './types';
export * from './request';
export * from './routes';
export * from './endpoints';
export type * from './reads';
