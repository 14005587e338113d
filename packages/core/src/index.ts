export * from './authz/types';
