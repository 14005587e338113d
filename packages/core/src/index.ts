export * from './authz/types';
export * from './authz/permissions';
export * from './authz/engine';
export * from './authz/tree';
export * from './authz/selection';
export * from './authz/guard';
export * from './identity';
export * from './dates';
