/**
 * Template pairs shaped like public incident reports (written here, not copied): a bucket
 * opened to everyone, a trust policy that loses its external id (the confused deputy), a key
 * policy that loses its caller-account condition, SSH opened to the internet, a role given
 * `iam:PassRole` on everything. Each is a broadening; each undone is not.
 */
import { securityChanges } from '../../../src/review/security/security-changes';

const bucketPolicy = (statement: object) => ({
  Resources: { SitePolicy: { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: { Ref: 'Site' }, PolicyDocument: { Version: '2012-10-17', Statement: [statement] } } } },
});
const read = { Effect: 'Allow', Action: 's3:GetObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Site', 'Arn'] }, '/*']] } };
const trust = (condition?: object) => ({
  Resources: {
    Auditor: {
      Type: 'AWS::IAM::Role',
      Properties: {
        AssumeRolePolicyDocument: { Statement: [{ Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::999988887777:root' }, Action: 'sts:AssumeRole', ...(condition === undefined ? {} : { Condition: condition }) }] },
      },
    },
  },
});
const key = (condition?: object) => ({
  Resources: {
    Key: {
      Type: 'AWS::KMS::Key',
      Properties: { KeyPolicy: { Statement: [{ Effect: 'Allow', Principal: { AWS: '*' }, Action: ['kms:Decrypt'], Resource: '*', ...(condition === undefined ? {} : { Condition: condition }) }] } },
    },
  },
});
const ssh = (cidr: string) => ({
  Resources: { Bastion: { Type: 'AWS::EC2::SecurityGroup', Properties: { GroupDescription: 'bastion', SecurityGroupIngress: [{ IpProtocol: 'tcp', FromPort: 22, ToPort: 22, CidrIp: cidr }] } } },
});
const passRole = (resource: string) => ({
  Resources: { Deployer: { Type: 'AWS::IAM::Policy', Properties: { PolicyName: 'deploy', Roles: [{ Ref: 'Ci' }], PolicyDocument: { Statement: [{ Effect: 'Allow', Action: 'iam:PassRole', Resource: resource }] } } } },
});

test.each([
  {
    name: 'a website bucket read by CloudFront only becomes readable by anyone',
    narrow: bucketPolicy({ ...read, Principal: { Service: 'cloudfront.amazonaws.com' }, Condition: { StringEquals: { 'AWS:SourceArn': 'arn:aws:cloudfront::111122223333:distribution/E1' } } }),
    wide: bucketPolicy({ ...read, Principal: '*' }),
  },
  { name: 'a cross-account trust policy loses its sts:ExternalId condition', narrow: trust({ StringEquals: { 'sts:ExternalId': 'f00d' } }), wide: trust() },
  { name: 'a key policy open to * loses its kms:CallerAccount condition', narrow: key({ StringEquals: { 'kms:CallerAccount': '111122223333' } }), wide: key() },
  { name: 'SSH goes from the office range to the internet', narrow: ssh('203.0.113.0/24'), wide: ssh('0.0.0.0/0') },
  { name: 'iam:PassRole goes from one role to every role', narrow: passRole('arn:aws:iam::111122223333:role/app'), wide: passRole('*') },
])('GIVEN $name THEN it broadens, and undone it does not', ({ narrow, wide }) => {
  const broadens = (before: unknown, after: unknown) =>
    [...securityChanges(before, after).byResource.values()].some((resource) => resource.broadening);
  expect({ widened: broadens(narrow, wide), undone: broadens(wide, narrow) }).toEqual({ widened: true, undone: false });
});
