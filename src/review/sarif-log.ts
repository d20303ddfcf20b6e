/**
 * SARIF 2.1.0 logs, as GitHub code scanning reads them: one run of one tool, its rules, and
 * results located by construct path (a logical location) and, where known, by source file and
 * line (a physical location). Each result carries a stable `partialFingerprints` entry made from
 * what identifies the finding (rule, stack, resource, property), never from its line or text,
 * so code scanning tracks a finding across runs.
 *
 * GitHub's upload limits: 25,000 results and 1,000 locations per result (only 5,000 results are
 * shown); a log that would exceed them keeps the most severe results and says what it cut.
 *
 * @see https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
 * @see https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning
 */
import { createHash } from 'node:crypto';

/** A SARIF level. */
export type SarifLevel = 'error' | 'warning' | 'note' | 'none';

/** One rule (`reportingDescriptor`). */
export interface SarifRule {
  readonly id: string;
  readonly name: string;
  readonly shortDescription: string;
  readonly fullDescription?: string;
  readonly helpUri?: string;
  readonly defaultLevel: SarifLevel;
}

/** One result, before it is written. */
export interface SarifFinding {
  readonly ruleId: string;
  readonly level: SarifLevel;
  readonly message: string;
  /** The construct path (or `Stack/LogicalId`), a logical location. */
  readonly logicalLocation: string;
  /** The source file (relative to the repository root where possible) and line. */
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  /** What identifies the finding across runs (joined and hashed into the fingerprint). */
  readonly identity: readonly string[];
  readonly properties?: Readonly<Record<string, unknown>>;
}

/** GitHub's hard limit of results per run. */
export const MAX_SARIF_RESULTS = 25_000;

const RANK: Record<SarifLevel, number> = { error: 0, warning: 1, note: 2, none: 3 };

/** The SARIF log of one run. */
export function sarifLog(
  tool: { name: string; version: string; informationUri: string }, rules: readonly SarifRule[], findings: readonly SarifFinding[],
): Record<string, unknown> {
  const bySeverity = () => [...findings].sort((a, b) => RANK[a.level] - RANK[b.level]);
  const kept = findings.length <= MAX_SARIF_RESULTS ? findings : bySeverity().slice(0, MAX_SARIF_RESULTS);
  const used = new Set(kept.map((finding) => finding.ruleId));
  const ruleList = rules.filter((rule) => used.has(rule.id));
  const index = new Map(ruleList.map((rule, position) => [rule.id, position]));
  const notifications = kept.length < findings.length
    ? [{ level: 'warning', message: { text: `${findings.length - kept.length} of ${findings.length} results were left out: code scanning takes at most ${MAX_SARIF_RESULTS} per run (the most severe are kept)` } }]
    : [];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: tool.name,
          version: tool.version,
          informationUri: tool.informationUri,
          rules: ruleList.map((rule) => ({
            id: rule.id,
            name: rule.name,
            shortDescription: { text: rule.shortDescription },
            ...(rule.fullDescription === undefined ? {} : { fullDescription: { text: rule.fullDescription } }),
            ...(rule.helpUri === undefined ? {} : { helpUri: rule.helpUri }),
            defaultConfiguration: { level: rule.defaultLevel },
          })),
        },
      },
      invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
      results: kept.map((finding) => ({
        ruleId: finding.ruleId,
        ruleIndex: index.get(finding.ruleId),
        level: finding.level,
        message: { text: finding.message },
        locations: [{
          ...(finding.file === undefined ? {} : {
            physicalLocation: {
              artifactLocation: { uri: artifactUri(finding.file) },
              region: {
                startLine: Math.max(1, finding.line ?? 1),
                ...(finding.column === undefined ? {} : { startColumn: Math.max(1, finding.column) }),
              },
            },
          }),
          logicalLocations: [{ fullyQualifiedName: finding.logicalLocation, kind: 'resource' }],
        }],
        partialFingerprints: { 'cdkLifecycleFinding/v1': fingerprint(finding.ruleId, finding.identity) },
        ...(finding.properties === undefined ? {} : { properties: finding.properties }),
      })),
    }],
  };
}

/** A stable fingerprint of what identifies a finding. */
export function fingerprint(ruleId: string, identity: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify([ruleId, ...identity])).digest('hex').slice(0, 32);
}

/**
 * A source file's path as the URI of its artifact location (a URI reference, RFC 3986, as the
 * SARIF schema requires): `/` between segments (a Windows `\\` too), each segment
 * percent-encoded as `encodeURIComponent` does (a space, `#`, `%`, `:`, brackets, non-ASCII), an
 * absolute path as a `file:` URI. A lone surrogate, which UTF-8 cannot hold, becomes U+FFFD.
 */
export function artifactUri(file: string): string {
  const segments = file.replace(/\p{Cs}/gu, '\uFFFD').split(/[\\/]/);
  const drive = /^[A-Za-z]:$/.test(segments[0]) && segments.length > 1 ? segments.shift() : undefined;
  const encoded = segments.map(encodeURIComponent).join('/');
  if (drive !== undefined) return `file:///${drive}${encoded.startsWith('/') ? '' : '/'}${encoded}`;
  return file.startsWith('/') ? `file://${encoded}` : encoded;
}
