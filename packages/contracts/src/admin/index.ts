export * from './roles.js';
export * from './paths.js';
export * from './api.js';
