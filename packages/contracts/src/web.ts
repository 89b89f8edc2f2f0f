// What the browser needs at run time, without zod: constants, error codes, permission codes, the
// route table, the API endpoints (method and address) and the binary grid transport. Types come from the main entry.
export * from './constants.js';
export * from './endpoints.js';
export * from './base-layers.js';
export * from './errors.js';
export * from './grid-binary.js';
export * from './permissions.js';
export * from './routes.js';
export * from './disaster-endpoints.js';
export * from './region-code.js';
export * from './sandstorm-grade.js';
export * from './travel-endpoints.js';
export * from './landscape-rules.js';
export * from './articles-endpoints.js';
export * from './article-workflow.js';
export * from './products-constants.js';
export * from './risk-constants.js';
export * from './weixin-endpoints.js';
export * from './weixin-menu-rules.js';
export * from './weather-codes.js';
