/**
 * The `Fn::GetAtt`s a template takes of a custom resource, checked against the Data its
 * provider answered, as CloudFormation checks them: an attribute of a custom resource is a
 * top-level key of the response's Data, and a key the answer lacks fails the resource that
 * reads it (CloudFormation reports "CustomResource attribute error: Vendor response doesn't
 * contain <key> key in object ..."). A near miss in case or spelling, and a key that sits
 * inside nested Data, are named, since a handler meant them.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/crpg-ref-responses.html
 */
import { isPlainObject } from '../../change-set/input/read-template';
import type { Violation } from '../protocol/check-response';

/** An attribute a template reads, and where. */
export interface AttributeRead {
  readonly attribute: string;
  /** JSON pointer of the `Fn::GetAtt` (or `Fn::Sub`) in the template. */
  readonly at: string;
}

/** Every `Fn::GetAtt` of `logicalId` in `template`, in either form, and `${logicalId.attr}` in `Fn::Sub`. */
export function attributeReads(template: unknown, logicalId: string): AttributeRead[] {
  const reads: AttributeRead[] = [];
  const visit = (value: unknown, at: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${at}/${index}`));
      return;
    }
    if (!isPlainObject(value)) return;
    const getAtt = value['Fn::GetAtt'];
    if (Array.isArray(getAtt) && getAtt[0] === logicalId && typeof getAtt[1] === 'string') reads.push({ attribute: getAtt[1], at: `${at}/Fn::GetAtt` });
    if (typeof getAtt === 'string' && getAtt.startsWith(`${logicalId}.`)) reads.push({ attribute: getAtt.slice(logicalId.length + 1), at: `${at}/Fn::GetAtt` });
    const sub = value['Fn::Sub'];
    const text = typeof sub === 'string' ? sub : Array.isArray(sub) && typeof sub[0] === 'string' ? sub[0] : undefined;
    for (const match of text?.matchAll(/\$\{([^}!][^}]*)\}/g) ?? []) {
      if (match[1].startsWith(`${logicalId}.`)) reads.push({ attribute: match[1].slice(logicalId.length + 1), at: `${at}/Fn::Sub` });
    }
    for (const [key, item] of Object.entries(value)) visit(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  visit(template, '');
  return reads;
}

/** The reads the answered Data cannot satisfy, each as the failure CloudFormation would report. */
export function attributeViolations(template: unknown, logicalId: string, data: Readonly<Record<string, unknown>> | undefined): Violation[] {
  const keys = Object.keys(data ?? {});
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const read of attributeReads(template, logicalId)) {
    if (keys.includes(read.attribute) || seen.has(read.attribute)) continue;
    seen.add(read.attribute);
    const hint = nearMiss(read.attribute, keys) ?? nestedHint(read.attribute, data);
    violations.push({
      rule: 'get-att',
      message: `the template reads ${logicalId}.${read.attribute} (at ${read.at}) but the answer's Data has no key "${read.attribute}"`
        + `${hint ? ` (${hint})` : keys.length ? ` (its keys: ${keys.slice(0, 10).join(', ')})` : ' (it has no Data)'}`
        + `: CloudFormation fails the resource that reads it ("CustomResource attribute error: Vendor response doesn't contain ${read.attribute} key")`,
    });
  }
  return violations;
}

/** A key that differs only in case, or by one letter added, dropped or changed, or two swapped. */
function nearMiss(attribute: string, keys: readonly string[]): string | undefined {
  const sameLetters = keys.find((key) => key.toLowerCase() === attribute.toLowerCase());
  if (sameLetters !== undefined) return `it has "${sameLetters}": keys are case-sensitive`;
  const close = attribute.length > 3 ? keys.find((key) => oneEditApart(key.toLowerCase(), attribute.toLowerCase())) : undefined;
  return close === undefined ? undefined : `it has "${close}", a near miss in spelling`;
}

/** Whether `a` becomes `b` by one letter added, dropped or changed, or two neighbours swapped. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB--; }
  const [restA, restB] = [a.slice(start, endA), b.slice(start, endB)];
  if (restA.length <= 1 && restB.length <= 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}

/** Where the attribute sits inside nested Data (CloudFormation reads only top-level keys). */
function nestedHint(attribute: string, data: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const dotted = attribute.split('.');
  const flattened = Object.keys(data ?? {}).find((key) => key.endsWith(`.${attribute}`));
  if (flattened !== undefined) return `it has "${flattened}": its nested Data is in dotted keys, so read ${flattened}`;
  for (const [key, value] of Object.entries(data ?? {})) {
    if (!isPlainObject(value)) continue;
    if (dotted.length > 1 && dotted[0] === key) return `"${key}" is an object: CloudFormation reads only top-level keys of Data, so return "${attribute}" as a key of its own`;
    if (Object.hasOwn(value, attribute)) return `"${attribute}" is inside the object "${key}": CloudFormation reads only top-level keys of Data, so return it at the top`;
  }
  return undefined;
}
