/**
 * The order in which `cdk deploy` updates an app's stacks: every stack after the stacks it
 * depends on (the manifest's `dependencies`, which CDK adds for each cross-stack reference
 * and each `addDependency`), and otherwise in the order of the manifest. This is the CDK CLI's
 * order for `cdk deploy --all` with its default concurrency of 1; with a higher
 * `--concurrency`, or when stacks are deployed one at a time, only the dependencies are
 * fixed, so `fixedBefore` tells the two apart.
 */

/** A stack and the names of the stacks it depends on. */
export interface OrderedStack {
  readonly name: string;
  readonly dependsOn: readonly string[];
}

/** The deployment order of an app. */
export class DeploymentOrder {
  /** The stack names, in the order they are deployed. */
  public readonly names: readonly string[];
  private readonly position = new Map<string, number>();
  private readonly dependencies = new Map<string, readonly string[]>();
  private readonly closures = new Map<string, ReadonlySet<string>>();

  /** Orders the stacks; unknown dependencies are ignored, and a cycle (which CDK refuses) is broken in manifest order. */
  public constructor(stacks: readonly OrderedStack[]) {
    const known = new Set(stacks.map((stack) => stack.name));
    for (const stack of stacks) this.dependencies.set(stack.name, stack.dependsOn.filter((name) => known.has(name) && name !== stack.name));
    const placed = new Set<string>();
    const names: string[] = [];
    while (names.length < stacks.length) {
      // The first stack of the manifest whose dependencies are all placed; in a cycle, the first one left.
      const next = stacks.find((stack) => !placed.has(stack.name) && this.dependencies.get(stack.name)!.every((name) => placed.has(name)))
        ?? stacks.find((stack) => !placed.has(stack.name))!;
      placed.add(next.name);
      names.push(next.name);
    }
    this.names = names;
    names.forEach((name, index) => this.position.set(name, index));
  }

  /** Whether stack `a` is deployed before stack `b` in this order (a stack not in the order is never deployed). */
  public before(a: string, b: string): boolean {
    const first = this.position.get(a);
    const second = this.position.get(b);
    return first !== undefined && second !== undefined && first < second;
  }

  /** Whether `b` depends on `a`, directly or through other stacks: then `a` is deployed first whatever the concurrency. */
  public fixedBefore(a: string, b: string): boolean {
    return this.dependenciesOf(b).has(a);
  }

  private dependenciesOf(name: string): ReadonlySet<string> {
    let closure = this.closures.get(name);
    if (closure !== undefined) return closure;
    const found = new Set<string>();
    const stack = [...this.dependencies.get(name) ?? []];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (found.has(next)) continue;
      found.add(next);
      stack.push(...this.dependencies.get(next) ?? []);
    }
    closure = found;
    this.closures.set(name, closure);
    return closure;
  }
}
