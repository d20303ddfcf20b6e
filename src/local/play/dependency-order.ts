/**
 * The order CloudFormation creates and updates resources in: a resource after every resource
 * it references (`Ref`, `Fn::GetAtt`, `${...}` in `Fn::Sub`) or names in `DependsOn`;
 * otherwise in template order.
 */
import { isPlainObject, Template } from '../../change-set/input/read-template';

/** The dependencies of a template's resources. */
export class DependencyOrder {
  private readonly dependencies = new Map<string, Set<string>>();

  public constructor(private readonly template: Template) {
    const ids = Object.keys(template.Resources);
    for (const id of ids) {
      const resource = template.Resources[id];
      const found = new Set<string>();
      if (isPlainObject(resource)) {
        collect(resource.Properties, found);
        const dependsOn = resource.DependsOn;
        for (const name of Array.isArray(dependsOn) ? dependsOn : [dependsOn]) if (typeof name === 'string') found.add(name);
      }
      this.dependencies.set(id, new Set([...found].filter((name) => name !== id && ids.includes(name))));
    }
  }

  /** What `id` depends on, directly or through other resources (never `id` itself). */
  public dependenciesOf(id: string): Set<string> {
    const found = new Set<string>();
    const visit = (current: string) => {
      for (const dependency of this.dependencies.get(current) ?? []) {
        if (dependency === id || found.has(dependency)) continue;
        found.add(dependency);
        visit(dependency);
      }
    };
    visit(id);
    return found;
  }

  /** `ids` in an order where each comes after what it depends on (directly or through other resources). */
  public sort(ids: readonly string[]): string[] {
    const order: string[] = [];
    const visiting = new Set<string>();
    const visit = (id: string) => {
      if (order.includes(id) || visiting.has(id)) return;
      visiting.add(id);
      for (const dependency of this.dependencies.get(id) ?? []) visit(dependency);
      visiting.delete(id);
      order.push(id);
    };
    for (const id of Object.keys(this.template.Resources)) if (ids.includes(id)) visit(id);
    return order.filter((id) => ids.includes(id));
  }
}

function collect(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    value.forEach((item) => collect(item, found));
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === 'Ref' && typeof item === 'string') {found.add(item);} else if (key === 'Fn::GetAtt') {found.add(Array.isArray(item) ? String(item[0]) : String(item).split('.')[0]);} else if (key === 'Fn::Sub') {
      const text = Array.isArray(item) ? item[0] : item;
      if (typeof text === 'string') for (const match of text.matchAll(/\$\{([^!}][^}.]*)/g)) found.add(match[1]);
      collect(item, found);
    } else {collect(item, found);}
  }
}
