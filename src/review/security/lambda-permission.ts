/**
 * An `AWS::Lambda::Permission` read as the statement Lambda adds to the function's policy: its
 * principal, action and function, and each field that narrows who may call as the condition
 * Lambda writes for it, so that removing or widening one is a condition relaxed.
 * @see https://docs.aws.amazon.com/lambda/latest/dg/access-control-resource-based.html
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-resource-lambda-permission.html
 */
import { ConditionClause } from './conditions';
import { IamStatement, principalOf, scopeOf } from './iam-statement';
import { renderToken } from './render-token';

/** Each field that narrows a permission, with the condition Lambda writes for it. */
const NARROWING_FIELDS: ReadonlyArray<{ readonly field: string; readonly operator: string; readonly key: string }> = [
  { field: 'SourceArn', operator: 'ArnLike', key: 'aws:sourcearn' },
  { field: 'SourceAccount', operator: 'StringEquals', key: 'aws:sourceaccount' },
  { field: 'EventSourceToken', operator: 'StringEquals', key: 'lambda:eventsourcetoken' },
  { field: 'PrincipalOrgID', operator: 'StringEquals', key: 'aws:principalorgid' },
  { field: 'FunctionUrlAuthType', operator: 'StringEquals', key: 'lambda:functionurlauthtype' },
  { field: 'InvokedViaFunctionUrl', operator: 'Bool', key: 'lambda:invokedviafunctionurl' },
];

/** The statement a Lambda permission adds; its condition text names the fields (`SourceAccount 123456789012`). */
export function lambdaPermission(logicalId: string, properties: Record<string, unknown>): IamStatement {
  const present = NARROWING_FIELDS.filter(({ field }) => properties[field] !== undefined);
  const clauses: ConditionClause[] = present
    .map(({ field, operator, key }) => ({ operator, key, values: [renderToken(properties[field])] }))
    .sort((a, b) => `${a.operator} ${a.key}`.localeCompare(`${b.operator} ${b.key}`));
  const fn = renderToken(properties.FunctionName ?? '?');
  return {
    logicalId,
    source: 'Lambda permission',
    scope: scopeOf(fn),
    effect: 'Allow',
    actions: [renderToken(properties.Action ?? '?')],
    principals: [principalOf(renderToken(properties.Principal ?? '?'))],
    resources: [fn],
    negated: [],
    not: {},
    ...(present.length === 0 ? {} : { condition: present.map(({ field }) => `${field} ${renderToken(properties[field])}`).join(', ') }),
    clauses,
  };
}
