/**
 * The bounds of a parsed YAML document, checked on its syntax tree before its aliases are
 * expanded: at most `MAX_YAML_ALIASES` aliases, at most `MAX_YAML_VALUES` values once they are
 * expanded, no alias to a node around it (a value that contains itself), and no value nested
 * deeper than `MAX_NESTING` through aliases. One pass over the tree, each anchored node
 * measured once: an alias bomb ("billion laughs") is refused before anything is expanded.
 */
import { Document, isAlias, isCollection, isPair, isScalar, LineCounter, Node } from 'yaml';
import { MAX_NESTING, MAX_YAML_ALIASES, MAX_YAML_VALUES } from './read-limits';

/** Why a document is refused, and where. */
export interface YamlLimitProblem {
  /** What is wrong, a phrase (`more than 100 YAML aliases`). */
  readonly message: string;
  /** The 1-based line of the node where it was found. */
  readonly line: number;
}

/** The first bound the document passes, or undefined when it keeps them all. */
export function yamlLimitProblem(document: Document.Parsed, lineCounter: LineCounter): YamlLimitProblem | undefined {
  const walk = new Walk(lineCounter);
  try {
    walk.node(document.contents, 1);
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.problem;
    throw error;
  }
}

class Refusal {
  public constructor(public readonly problem: YamlLimitProblem) {}
}

/** What an anchored node holds once expanded. */
interface Measure {
  readonly values: number;
  readonly height: number;
}

class Walk {
  private aliases = 0;
  /** Values met so far, aliases expanded. */
  private values = 0;
  /** The last node with each anchor, in document order (an alias names the last one before it). */
  private readonly anchors = new Map<string, Node>();
  private readonly measures = new Map<Node, Measure>();
  private readonly open = new Set<Node>();

  public constructor(private readonly lineCounter: LineCounter) {}

  /** Visits a node at `level` (the root's is 1) and returns its height. */
  public node(node: unknown, level: number): number {
    if (isPair(node)) return Math.max(this.node(node.key, level), this.node(node.value, level));
    if (isAlias(node)) return this.alias(node.source, node.range?.[0], level);
    if (!isScalar(node) && !isCollection(node)) return 0;
    if (node.anchor !== undefined) this.anchors.set(node.anchor, node);
    const valuesBefore = this.values;
    this.count(1, node.range?.[0]);
    let height = 0;
    if (isCollection(node)) {
      if (level > MAX_NESTING) this.refuse(`values nested more than ${MAX_NESTING} levels deep`, node.range?.[0]);
      this.open.add(node);
      for (const item of node.items) height = Math.max(height, this.node(item, level + 1));
      this.open.delete(node);
      height += 1;
    }
    if (node.anchor !== undefined) this.measures.set(node, { values: this.values - valuesBefore, height });
    return height;
  }

  private alias(source: string, offset: number | undefined, level: number): number {
    if (++this.aliases > MAX_YAML_ALIASES) this.refuse(`more than ${MAX_YAML_ALIASES} YAML aliases (the yaml library's default limit)`, offset);
    const target = this.anchors.get(source);
    // An alias without an anchor before it is the parser's error to report.
    if (target === undefined) return 0;
    if (this.open.has(target)) this.refuse(`a YAML alias *${source} inside the node it names (a value that contains itself)`, offset);
    const measure = this.measures.get(target)!;
    if (level + measure.height - 1 > MAX_NESTING) this.refuse(`values nested more than ${MAX_NESTING} levels deep through the alias *${source}`, offset);
    this.count(measure.values, offset);
    return measure.height;
  }

  private count(values: number, offset: number | undefined): void {
    this.values += values;
    if (this.values > MAX_YAML_VALUES) this.refuse(`YAML aliases that expand it to more than ${MAX_YAML_VALUES} values`, offset);
  }

  private refuse(message: string, offset: number | undefined): never {
    throw new Refusal({ message, line: this.lineCounter.linePos(offset ?? 0).line });
  }
}
