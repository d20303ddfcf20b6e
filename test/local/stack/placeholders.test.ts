/**
 * The user's placeholders: how they are written, which stack they are for, and the clear
 * refusal of one that names nothing in the assembly.
 */
import { AssemblyStack } from '../../../src/assembly/read-assembly';
import { Template } from '../../../src/change-set/input/read-template';
import { LocalSetupError } from '../../../src/local/local-setup-error';
import { Placeholders } from '../../../src/local/stack/placeholders';

function stack(name: string, template: Partial<Template>): AssemblyStack {
  const base = { name, artifactId: `${name}Artifact`, displayName: `Stage/${name}`, nestedTemplates: new Map(), directory: '/tmp', shown: '/tmp', assets: new Map() };
  return { ...base, template: { Resources: {}, ...template } as Template };
}

const data = stack('Data', { Resources: { Db: { Type: 'AWS::RDS::DBCluster' } }, Parameters: { Env: { Type: 'String' } } });
const app = stack('App', { Resources: { Db: { Type: 'AWS::RDS::DBCluster' }, Bucket: { Type: 'AWS::S3::Bucket' } } });

test('GIVEN placeholders for every stack and for one WHEN looked up THEN the one for the stack wins, by name, artifact id or construct path', () => {
  const placeholders = Placeholders.of({ 'Db.Endpoint.Address': 'everywhere', 'Data:Db.Endpoint.Address': 'data-only', 'Stage/App:Bucket': 'app-bucket', 'DataArtifact:Env': 'dev' });

  expect(placeholders.lookup(data, 'Db', 'Endpoint.Address')).toEqual({ key: 'Data:Db.Endpoint.Address', value: 'data-only' });
  expect(placeholders.lookup(app, 'Db', 'Endpoint.Address')).toEqual({ key: 'Db.Endpoint.Address', value: 'everywhere' });
  expect(placeholders.lookup(app, 'Bucket')).toEqual({ key: 'Stage/App:Bucket', value: 'app-bucket' });
  expect(placeholders.lookup(data, 'Env')).toEqual({ key: 'DataArtifact:Env', value: 'dev' });
  expect(placeholders.lookup(data, 'Bucket')).toBeUndefined();
  expect(placeholders.lookup(app, 'Db')).toBeUndefined();
  expect(() => placeholders.check([data, app])).not.toThrow();
});

test.each([
  ['a key that is no logical id', { 'Db-Cluster.Endpoint': 'x' }, 'the placeholder "Db-Cluster.Endpoint" names no Ref or Fn::GetAtt: expected LogicalId (a Ref), LogicalId.Attribute (a Fn::GetAtt), optionally after Stack:'],
  ['a value that is no JSON', { Bucket: undefined }, 'the placeholder "Bucket" has no JSON value (got undefined): give the value CloudFormation would use, usually a string'],
])('GIVEN %s WHEN read THEN it is refused, naming it', (_, values, message) => {
  expect(() => Placeholders.of(values)).toThrow(new LocalSetupError(message));
});

test.each([
  ['a logical id no stack has', { 'Dbb.Endpoint.Address': 'x' }, 'the placeholder "Dbb.Endpoint.Address" names Dbb, but no stack of the assembly has a resource or parameter of that logical id'],
  ['a logical id of another stack', { 'Data:Bucket': 'x' }, 'the placeholder "Data:Bucket" names Bucket, but stack Data has no resource or parameter of that logical id'],
  ['a stack that is not there', { 'Nope:Bucket': 'x' }, 'the placeholder "Nope:Bucket" is for stack Nope, which is not in the assembly'],
])('GIVEN %s WHEN checked against the assembly THEN it is refused, naming it', (_, values, message) => {
  expect(() => Placeholders.of(values).check([data, app])).toThrow(message);
});
