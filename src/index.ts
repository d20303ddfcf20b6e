// The public API of cdk-lifecycle. Handler authors find their event types in
// `cdk-lifecycle/handler` (plain TypeScript types, outside the jsii API).
export * from './custom-resource/service-token-type';
export * from './custom-resource/polling-options';
export * from './custom-resource/entry-bundling-options';
export * from './custom-resource/resource-provider-props';
export * from './custom-resource/resource-provider';
export * from './custom-resource/provided-resource';
export * from './replacement/severity';
export * from './replacement/replacement-guard';
export * from './replacement/finding-ids';
export * from './change-set';
export * from './replacement/replacement-guard-plugin';
