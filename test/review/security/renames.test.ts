/** Resources renamed between templates, as the security review pairs them. */
import { renamedResources, undoRenames } from '../../../src/review/security/renames';

const role = { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: { Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }] } } };
const policyOf = (roleId: string) => ({ Type: 'AWS::IAM::Policy', Properties: { PolicyName: 'p', Roles: [{ Ref: roleId }], PolicyDocument: { Statement: [] } } });

test('GIVEN a role and its policy renamed THEN the role is matched first and the policy, which names it, in the next round', () => {
  const renames = renamedResources({ OldRole: role, OldPolicy: policyOf('OldRole') }, { NewRole: role, NewPolicy: policyOf('NewRole') });
  expect([...renames]).toEqual([['NewRole', 'OldRole'], ['NewPolicy', 'OldPolicy']]);
});

test('GIVEN two removed resources with the same properties THEN the added one matches neither (not one-to-one)', () => {
  expect(renamedResources({ A: role, B: role }, { C: role }).size).toBe(0);
});

test('GIVEN a resource removed and one of another type added THEN no rename', () => {
  expect(renamedResources({ A: role }, { B: { ...role, Type: 'AWS::IAM::User' } }).size).toBe(0);
});

test('GIVEN renames THEN rendered references to the new ids read as the old ones, and others stay', () => {
  const undo = undoRenames(new Map([['NewRole', 'OldRole']]));
  expect(['AWS:${NewRole}', '${NewRole.Arn}/x', '${NewRoleX}', '${Other}', 'plain'].map(undo)).toEqual(['AWS:${OldRole}', '${OldRole.Arn}/x', '${NewRoleX}', '${Other}', 'plain']);
});
