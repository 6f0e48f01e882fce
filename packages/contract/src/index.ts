export * from './common';
export * from './config';
export * from './document';
export * from './institution';
export * from './order';
export * from './relationship';
export * from './user';
export * from './impersonation';
