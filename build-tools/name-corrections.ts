/** A curated correction of the derived name properties of one resource type. */
export interface NameCorrection {
  /** The type's name properties; empty when the type has none. */
  readonly names: readonly string[];
  /** Why the derived rule is wrong for this type (one line, shown in the docs). */
  readonly reason: string;
  /** Where it was checked, when an AWS page says so directly. @default - the reason is the spec's own data */
  readonly source?: string;
}

/**
 * Corrections of `deriveNameProperties`, keyed by CloudFormation type. Each entry replaces the
 * derived names of its type. Keep entries few and each reason checkable; a test fails when an
 * entry's type disappears from the spec or names a property the type does not have.
 */
export const NAME_CORRECTIONS: Readonly<Record<string, NameCorrection>> = {
  // Names that are not unique, or that a replacement reuses without a collision.
  'AWS::Batch::JobDefinition': {
    names: [],
    reason: 'Job definitions are revisioned: a replacement registers revision N+1 of the same name, then deregisters the old revision.',
  },
  'AWS::Route53::HostedZone': {
    names: [],
    reason: 'Hosted zone names need not be unique: a replacement creates a second zone with the same name (new name servers) and deletes the old one.',
  },
  'AWS::EMR::Cluster': {
    names: [],
    reason: 'EMR cluster names need not be unique; clusters are identified by a generated id.',
  },
  'AWS::Athena::NamedQuery': {
    names: [],
    reason: 'Named query names need not be unique; a named query is identified by a generated id.',
  },
  'AWS::HealthLake::FHIRDatastore': {
    names: [],
    reason: 'DatastoreName is an optional label: a data store is identified by its generated DatastoreId (the ARN is `datastore/fhir/<id>`), and nothing documents the name as unique.',
    source: 'AWS HealthLake API Reference, CreateFHIRDatastore (DatastoreName optional) and DatastoreProperties',
  },
  'AWS::DataPipeline::Pipeline': {
    names: [],
    reason: 'Pipeline names need not be unique ("You can use the same name for multiple pipelines"); a pipeline is identified by a generated id.',
    source: 'AWS Data Pipeline API Reference, CreatePipeline (name)',
  },

  // Identifier parts that point at something else (an account, an AWS-managed control, a parent).
  'AWS::GuardDuty::Master': { names: [], reason: 'MasterId is the administrator account id, a reference to another account.' },
  'AWS::GuardDuty::Member': { names: [], reason: 'MemberId is the member account id, a reference to another account.' },
  'AWS::EC2::SqlHaStandbyDetectedInstance': { names: [], reason: 'InstanceId is an existing EC2 instance that this resource registers.' },
  'AWS::SecurityHub::SecurityControl': { names: [], reason: 'SecurityControlId selects an AWS-defined control whose settings this resource holds.' },
  'AWS::ControlTower::EnabledControl': { names: [], reason: 'ControlIdentifier is the ARN of an AWS-managed control.' },
  'AWS::ControlTower::EnabledBaseline': { names: [], reason: 'BaselineIdentifier is the ARN of an AWS-managed baseline.' },
  'AWS::ARCZonalShift::ZonalAutoshiftConfiguration': { names: [], reason: 'ResourceIdentifier is the load balancer the configuration belongs to.' },
  'AWS::VpcLattice::AuthPolicy': { names: [], reason: 'ResourceIdentifier is the service or service network the policy is attached to.' },
  'AWS::S3Express::BucketPolicy': { names: [], reason: 'Bucket is the directory bucket the policy is attached to (the parent type is DirectoryBucket).' },
  'AWS::S3::MultiRegionAccessPointPolicy': { names: [], reason: 'MrapName is the Multi-Region Access Point the policy is attached to.' },
  'AWS::S3ObjectLambda::AccessPointPolicy': { names: [], reason: 'ObjectLambdaAccessPoint is the access point the policy is attached to.' },
  'AWS::OpenSearchServerless::CollectionIndex': { names: ['IndexName'], reason: 'Id is the id of the parent collection; only IndexName names the index.' },

  // An identifier part with a fixed value, not a name a user picks.
  'AWS::RDS::DBProxyTargetGroup': { names: [], reason: 'TargetGroupName must be `default`: it selects the built-in target group of the proxy.' },

  // Names the convention cannot see.
  'AWS::MediaLive::Multiplexprogram': {
    names: ['ProgramName'],
    reason: 'The type name is spelled with a lower-case "program", so the convention misses ProgramName (the identifier is MultiplexId + ProgramName).',
  },
  'AWS::CustomerProfiles::CalculatedAttributeDefinition': {
    names: ['CalculatedAttributeName'],
    reason: 'The identifier is DomainName (the parent) + CalculatedAttributeName, which names the definition without the word "Definition".',
  },
  'AWS::Connect::EmailAddress': { names: ['EmailAddress'], reason: 'The address itself (unique, create-only) identifies the resource; no property ends in Name.' },
  'AWS::Glue::ConnectionType': { names: ['ConnectionType'], reason: 'ConnectionType is the user-chosen name of the custom connection type ("REST-..."), not a kind.' },
};
