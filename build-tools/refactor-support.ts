/**
 * What CloudFormation's stack refactoring accepts: the resource types it does not support
 * and its limits, as the User Guide's "Stack refactoring" page lists them. Generated into
 * src/spec/data-spec.generated.ts by build-tools/generate-data-spec.ts.
 */

/** Where the list and the limits come from. */
export const REFACTOR_SOURCE = 'AWS CloudFormation User Guide, Stack refactoring (Stack refactoring considerations; Resource limitations: "The following resources aren\'t supported for stack refactoring")';

/** "You can move resources between at least 2 stacks, and a maximum of 5 stacks." */
export const MAX_REFACTOR_STACKS = 5;

/**
 * Pseudo parameters whose value differs between two stacks of one environment ("You can't
 * refactor resources that refer to pseudo parameters whose values differ between the source
 * and destination stacks, such as AWS::StackName"). Account, Region, partition and URL
 * suffix are the same inside one environment, where a refactor happens.
 */
export const STACK_PSEUDO_PARAMETERS = ['AWS::StackName', 'AWS::StackId', 'AWS::NotificationARNs'];

/**
 * The page's list, as written, except `AWS::SageMaker::InferenceComponen`, which the page
 * misspells (the type is `AWS::SageMaker::InferenceComponent`). Custom resources
 * (`Custom::*`) are `AWS::CloudFormation::CustomResource` under another name.
 */
export const REFACTOR_UNSUPPORTED_TYPES: readonly string[] = [
  'AWS::ACMPCA::Certificate', 'AWS::ACMPCA::CertificateAuthority', 'AWS::ACMPCA::CertificateAuthorityActivation',
  'AWS::ApiGateway::BasePathMapping', 'AWS::ApiGateway::Method',
  'AWS::AppConfig::ConfigurationProfile', 'AWS::AppConfig::Deployment', 'AWS::AppConfig::Environment', 'AWS::AppConfig::Extension', 'AWS::AppConfig::ExtensionAssociation',
  'AWS::AppStream::DirectoryConfig', 'AWS::AppStream::StackFleetAssociation', 'AWS::AppStream::StackUserAssociation', 'AWS::AppStream::User',
  'AWS::BackupGateway::Hypervisor', 'AWS::CertificateManager::Certificate',
  'AWS::CloudFormation::CustomResource', 'AWS::CloudFormation::Macro', 'AWS::CloudFormation::WaitCondition', 'AWS::CloudFormation::WaitConditionHandle',
  'AWS::CodeDeploy::DeploymentGroup', 'AWS::CodePipeline::CustomActionType',
  'AWS::Cognito::UserPoolRiskConfigurationAttachment', 'AWS::Cognito::UserPoolUICustomizationAttachment', 'AWS::Cognito::UserPoolUserToGroupAttachment',
  'AWS::Config::ConfigRule', 'AWS::Config::ConfigurationRecorder', 'AWS::Config::DeliveryChannel',
  'AWS::DataBrew::Dataset', 'AWS::DataBrew::Job', 'AWS::DataBrew::Project', 'AWS::DataBrew::Recipe', 'AWS::DataBrew::Ruleset', 'AWS::DataBrew::Schedule',
  'AWS::DataZone::DataSource', 'AWS::DataZone::Environment', 'AWS::DataZone::EnvironmentBlueprintConfiguration', 'AWS::DataZone::EnvironmentProfile', 'AWS::DataZone::Project', 'AWS::DataZone::SubscriptionTarget',
  'AWS::DirectoryService::MicrosoftAD', 'AWS::DynamoDB::GlobalTable',
  'AWS::EC2::CustomerGateway', 'AWS::EC2::EIP', 'AWS::EC2::LaunchTemplate', 'AWS::EC2::NetworkInterfacePermission', 'AWS::EC2::PlacementGroup', 'AWS::EC2::SpotFleet', 'AWS::EC2::VPCDHCPOptionsAssociation', 'AWS::EC2::VolumeAttachment',
  'AWS::EMR::Cluster', 'AWS::EMR::InstanceFleetConfig', 'AWS::EMR::InstanceGroupConfig',
  'AWS::ElastiCache::CacheCluster', 'AWS::ElastiCache::ReplicationGroup', 'AWS::ElastiCache::SecurityGroup', 'AWS::ElastiCache::SecurityGroupIngress',
  'AWS::ElasticBeanstalk::ConfigurationTemplate', 'AWS::ElasticLoadBalancing::LoadBalancer', 'AWS::ElasticLoadBalancingV2::ListenerCertificate', 'AWS::Elasticsearch::Domain',
  'AWS::FIS::ExperimentTemplate', 'AWS::Glue::Schema', 'AWS::GuardDuty::IPSet', 'AWS::GuardDuty::PublishingDestination', 'AWS::GuardDuty::ThreatIntelSet',
  'AWS::IAM::AccessKey', 'AWS::IAM::UserToGroupAddition', 'AWS::ImageBuilder::Component',
  'AWS::IoT::PolicyPrincipalAttachment', 'AWS::IoT::ThingPrincipalAttachment', 'AWS::IoTFleetWise::Campaign', 'AWS::IoTWireless::WirelessDeviceImportTask',
  'AWS::Lambda::EventInvokeConfig', 'AWS::Lex::BotVersion', 'AWS::M2::Application', 'AWS::MSK::Configuration', 'AWS::MSK::ServerlessCluster', 'AWS::Maester::DocumentType',
  'AWS::MediaTailor::Channel', 'AWS::NeptuneGraph::PrivateGraphEndpoint', 'AWS::Omics::AnnotationStore', 'AWS::Omics::ReferenceStore', 'AWS::Omics::SequenceStore',
  'AWS::OpenSearchServerless::Collection',
  'AWS::OpsWorks::App', 'AWS::OpsWorks::ElasticLoadBalancerAttachment', 'AWS::OpsWorks::Instance', 'AWS::OpsWorks::Layer', 'AWS::OpsWorks::Stack', 'AWS::OpsWorks::UserProfile', 'AWS::OpsWorks::Volume',
  'AWS::PCAConnectorAD::Connector', 'AWS::PCAConnectorAD::DirectoryRegistration', 'AWS::PCAConnectorAD::Template', 'AWS::PCAConnectorAD::TemplateGroupAccessControlEntry',
  'AWS::Panorama::PackageVersion', 'AWS::QuickSight::Theme',
  'AWS::RDS::DBSecurityGroup', 'AWS::RDS::DBSecurityGroupIngress', 'AWS::Redshift::ClusterSecurityGroup', 'AWS::Redshift::ClusterSecurityGroupIngress',
  'AWS::RefactorSpaces::Environment', 'AWS::RefactorSpaces::Route', 'AWS::RefactorSpaces::Service',
  'AWS::RoboMaker::RobotApplication', 'AWS::RoboMaker::SimulationApplication',
  'AWS::Route53::RecordSet', 'AWS::Route53::RecordSetGroup', 'AWS::SDB::Domain', 'AWS::SageMaker::InferenceComponent',
  'AWS::ServiceCatalog::PortfolioPrincipalAssociation', 'AWS::ServiceCatalog::PortfolioProductAssociation', 'AWS::ServiceCatalog::PortfolioShare', 'AWS::ServiceCatalog::TagOptionAssociation',
  'AWS::ServiceCatalogAppRegistry::AttributeGroupAssociation', 'AWS::ServiceCatalogAppRegistry::ResourceAssociation',
  'AWS::StepFunctions::StateMachineVersion', 'AWS::Synthetics::Canary', 'AWS::VoiceID::Domain',
  'AWS::WAF::ByteMatchSet', 'AWS::WAF::IPSet', 'AWS::WAF::Rule', 'AWS::WAF::SizeConstraintSet', 'AWS::WAF::SqlInjectionMatchSet', 'AWS::WAF::WebACL', 'AWS::WAF::XssMatchSet',
  'AWS::WAFv2::IPSet', 'AWS::WAFv2::RegexPatternSet', 'AWS::WAFv2::RuleGroup', 'AWS::WAFv2::WebACL',
  'AWS::WorkSpaces::Workspace',
];
