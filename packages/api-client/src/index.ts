export * from './types';
export * from './request';
export * from './routes';
export * from './endpoints';
