/** The options as predictWithSpec reads them: the environment's pseudo parameters and the parameter values given. */
import { template } from './helpers';
import { ChangeSetPredictor, PredictOptions } from '../../src/change-set';

const PSEUDO = '${AWS::AccountId}|${AWS::Region}|${AWS::StackName}|${AWS::Partition}|${AWS::URLSuffix}';

/** The value CloudFormation would show for a topic's display name written as `value`, with these options. */
function afterValue(value: unknown, options: PredictOptions = {}): unknown {
  const before = template({ T: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'old' } } }, { Parameters: { Stage: { Type: 'String', Default: 'dev' } } });
  const after = template({ T: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: value } } }, { Parameters: { Stage: { Type: 'String', Default: 'dev' } } });
  const change = ChangeSetPredictor.predict(before, after, { ...options, includePropertyValues: true }).changes[0];
  return change.details.find((detail) => detail.name === 'DisplayName')?.afterValue;
}

describe('the environment', () => {
  test.each([
    ['a commercial Region', 'eu-west-1', '123456789012|eu-west-1|Shop|aws|amazonaws.com'],
    ['a China Region', 'cn-north-1', '123456789012|cn-north-1|Shop|aws-cn|amazonaws.com.cn'],
    ['a GovCloud Region', 'us-gov-west-1', '123456789012|us-gov-west-1|Shop|aws-us-gov|amazonaws.com'],
    ['a Region whose name only contains cn- and us-gov-', 'xcn-us-gov-1', '123456789012|xcn-us-gov-1|Shop|aws|amazonaws.com'],
  ])('GIVEN %s WHEN the pseudo parameters are used THEN each has the value CloudFormation gives it', (_, region, expected) => {
    expect(afterValue({ 'Fn::Sub': PSEUDO }, { environment: { account: '123456789012', region, stackName: 'Shop' } })).toBe(expected);
  });

  test('GIVEN an environment with only a Region WHEN the account and stack name are used THEN they stay unknown, and what is known resolves', () => {
    expect(afterValue({ 'Fn::Sub': '${AWS::Region}' }, { environment: { region: 'eu-west-1' } })).toBe('eu-west-1');
    expect(afterValue({ 'Fn::Sub': PSEUDO }, { environment: { region: 'eu-west-1' } })).not.toMatch(/^\d{12}/);
    expect(afterValue({ Ref: 'AWS::AccountId' }, { environment: { region: 'eu-west-1' } })).not.toBe('');
  });

  test('GIVEN an account and a stack name but no Region WHEN used THEN they resolve and the Region stays unknown', () => {
    expect(afterValue({ 'Fn::Sub': '${AWS::AccountId}/${AWS::StackName}' }, { environment: { account: '123456789012', stackName: 'Shop' } })).toBe('123456789012/Shop');
    expect(afterValue({ Ref: 'AWS::Region' }, { environment: { account: '123456789012', stackName: 'Shop' } })).not.toBe('');
  });

  test.each([
    ['empty texts', { account: '', region: '', stackName: '' }],
    ['values that are not text', { account: 1, region: true, stackName: {} } as any],
    ['no environment object', 'eu-west-1' as any],
  ])('GIVEN %s WHEN the pseudo parameters are used THEN none is known', (_, environment) => {
    const unknown = afterValue({ 'Fn::Sub': PSEUDO });
    expect(afterValue({ 'Fn::Sub': PSEUDO }, { environment })).toEqual(unknown);
    expect(unknown).not.toMatch(/\|aws\|/);
  });
});

describe('parameter values', () => {
  test('GIVEN parameter values of which one is not text WHEN predicted THEN the text one is used and the other is left out', () => {
    expect(afterValue({ Ref: 'Stage' }, { parameters: { after: { Stage: 'prod' } } })).toBe('prod');
    expect(afterValue({ Ref: 'Stage' }, { parameters: { after: { Stage: {} as any } } })).toBe('dev');
  });
});
