export * from './common';
export * from './config';
export * from './document';
export * from './impersonation';
export * from './institution';
export * from './order';
export * from './relationship';
export * from './user';
