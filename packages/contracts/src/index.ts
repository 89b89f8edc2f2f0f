export * from './errors.js';
export * from './permissions.js';
export * from './routes.js';
export * from './auth.js';
export * from './api.js';
export * from './system.js';
export * from './grids.js';
export * from './jobs.js';
