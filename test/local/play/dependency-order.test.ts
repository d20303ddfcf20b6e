/** CloudFormation's order: a resource after what it references or depends on, else template order. */
import { DependencyOrder } from '../../../src/local/play/dependency-order';

test('GIVEN references through Ref, Fn::GetAtt, Fn::Sub and DependsOn, direct and through other resources WHEN sorted THEN each comes after what it needs', () => {
  const order = new DependencyOrder({
    Resources: {
      A: { Type: 'Custom::A', Properties: { x: { 'Fn::GetAtt': ['B', 'Out'] } } },
      B: { Type: 'Custom::B', Properties: { y: { 'Fn::Sub': 'name-${Bucket}-${!Literal}' } } },
      Bucket: { Type: 'AWS::S3::Bucket', DependsOn: 'C' },
      C: { Type: 'Custom::C', Properties: { z: { Ref: 'AWS::Region' } } },
      D: { Type: 'Custom::D', Properties: { self: { Ref: 'D' }, w: { 'Fn::GetAtt': 'C.Arn' } } },
    },
  });

  expect(order.sort(['A', 'B', 'C', 'D'])).toEqual(['C', 'B', 'A', 'D']);
  expect(order.sort(['D', 'A'])).toEqual(['A', 'D']);
});

test('GIVEN a reference cycle WHEN sorted THEN every resource is still listed once', () => {
  const order = new DependencyOrder({ Resources: { A: { Properties: { x: { Ref: 'B' } } }, B: { DependsOn: ['A'] } } });

  expect(order.sort(['A', 'B']).sort()).toEqual(['A', 'B']);
});

test('GIVEN direct and indirect dependencies WHEN asked what a resource depends on THEN both are listed, and neither unrelated resources nor the resource itself', () => {
  const order = new DependencyOrder({
    Resources: {
      Custom: { Type: 'Custom::X', Properties: { ServiceToken: { 'Fn::GetAtt': ['Fn', 'Arn'] } } },
      Fn: { Type: 'AWS::Lambda::Function', DependsOn: ['Role'], Properties: { Role: { 'Fn::GetAtt': ['Role', 'Arn'] } } },
      Role: { Type: 'AWS::IAM::Role' },
      Policy: { Type: 'AWS::IAM::Policy', Properties: { Roles: [{ Ref: 'Role' }] } },
      Loop: { Type: 'Custom::Y', Properties: { self: { Ref: 'Loop' }, other: { Ref: 'Custom' } } },
    },
  });

  expect([...order.dependenciesOf('Custom')].sort()).toEqual(['Fn', 'Role']);
  expect([...order.dependenciesOf('Loop')].sort()).toEqual(['Custom', 'Fn', 'Role']);
  expect([...order.dependenciesOf('Policy')]).toEqual(['Role']);
});
