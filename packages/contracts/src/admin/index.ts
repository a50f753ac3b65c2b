export * from './roles.js';
export * from './paths.js';
export * from './api.js';
export * from './audit-actions.js';
export * from './brand-settings.js';
export * from './integrations.js';
