/**
 * `cdk-lifecycle/testing`: play CloudFormation's custom-resource requests locally from jest (or
 * any test runner), against a synthesized cloud assembly. The same runner as
 * `cdk-lifecycle invoke`, as a class: open an assembly, play requests, read each step's
 * request, logs, response and protocol violations, close.
 *
 * ```ts
 * import { LocalCloudFormation } from 'cdk-lifecycle/testing';
 *
 * const cfn = await LocalCloudFormation.open('cdk.out');
 * try {
 *   const run = await cfn.lifecycle({ resource: 'MySeleniumTest', properties: { region: 'us-east-1' } });
 *   expect(run.steps.map((step) => [step.label, step.status])).toEqual([...]);
 * } finally {
 *   await cfn.close();
 * }
 * ```
 *
 * Not part of the jsii API (TypeScript and JavaScript only): docs/invoke.md describes it.
 */
export { LocalCloudFormation } from '../local/local-cloudformation';
export type {
  ChangeSetRequest, CreateRequest, DeleteRequest, LifecycleRequest, LocalCloudFormationOptions, ResourceSelector, UpdateRequest,
} from '../local/local-cloudformation';
export { LocalSetupError } from '../local/local-setup-error';
export { TemplateRejectedError } from '../local/rules/template-rejected-error';
export type { TemplateProblem } from '../local/rules/template-checks';
export { failsResource, outcomeOf } from '../local/protocol/check-response';
export type { Violation } from '../local/protocol/check-response';
export type { CloudFormationRequest, RequestType } from '../local/request/cloudformation-request';
export type { StepProgress } from '../local/play/play-step';
export { maskedStep, MASKED, playOk, stepOk } from '../local/play/step-result';
export type { CustomResourceResponse, InvocationSummary, PlayResult, StepResult } from '../local/play/step-result';
