export * from './types';
export * from './request';
