export * from './common';
export * from './config';
export * from './institution';
export * from './user';
