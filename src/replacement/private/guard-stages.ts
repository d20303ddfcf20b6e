import { Aspects, IAspect, Stage } from 'aws-cdk-lib';
import { IConstruct } from 'constructs';

/**
 * Adds `aspect` to `scope` and to every Stage under it that does not have it yet. CDK does not
 * carry aspects across Stage boundaries (each Stage is synthesized on its own, before the app's
 * aspects run), so an aspect meant for every stack must be on every Stage.
 *
 * @returns the Stages the aspect was added to
 */
export function addToEveryStage(scope: IConstruct, aspect: IAspect): IConstruct[] {
  const added: IConstruct[] = [];
  const targets = [scope, ...scope.node.findAll().filter((node) => node !== scope && Stage.isStage(node))];
  for (const target of targets) {
    if (Aspects.of(target).all.includes(aspect)) continue;
    Aspects.of(target).add(aspect);
    added.push(target);
  }
  return added;
}

/**
 * Makes `stage.synth()` add `aspect` to the Stages created since (the `cdk` CLI and tests both
 * synthesize through it), then synthesize as before. Wrapping it once is enough: a second call
 * for the same aspect finds it wrapped.
 */
export function addToStagesAtSynth(stage: Stage, aspect: IAspect): void {
  const wrapped = WRAPPED.get(stage) ?? new Set<IAspect>();
  if (wrapped.has(aspect)) return;
  wrapped.add(aspect);
  WRAPPED.set(stage, wrapped);
  const synth = stage.synth.bind(stage);
  Object.defineProperty(stage, 'synth', {
    configurable: true,
    writable: true,
    value: (...args: Parameters<Stage['synth']>) => {
      addToEveryStage(stage, aspect);
      return synth(...args);
    },
  });
}

const WRAPPED = new WeakMap<Stage, Set<IAspect>>();
