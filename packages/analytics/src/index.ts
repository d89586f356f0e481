export * from './tracker';
export * from './browser';
