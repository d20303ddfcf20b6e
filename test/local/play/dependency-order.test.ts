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
