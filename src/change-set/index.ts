// The change-set engine's public API: re-exported from the package entry point.
export * from './app-types';
export * from './change-set-predictor';
export * from './change-set-types';
export * from './predict-options';
export * from './predicted-app';
export * from './predicted-change-set';
export * from './refactor/refactor-plan';
export * from './refactor/refactor-types';
