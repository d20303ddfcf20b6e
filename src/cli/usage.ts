/** `cdk-lifecycle --help`. docs/cli.md says the same at length. */
export const USAGE = `Usage: cdk-lifecycle diff <before> <after> [options]

Predicts, offline, the change set CloudFormation would create to update <before> (what is
deployed) to <after>: what is added, modified, replaced and removed, why, and which changes
will fail. Each side is a template file (JSON, or YAML with short-form tags such as !Ref)
or a cloud assembly folder (cdk.out). A template and an assembly compare with the
assembly's one stack, or the one --stack picks.

Options:
  --json                      print {"Changes": [...]} as describe-change-set does
                              (assemblies: {"StackName": {"Changes": [...]}, ...})
  --fail-on <level>           exit 1 on: failure (default; a certain failure),
                              replacement (a certain failure or any replacement,
                              conditional ones included), none (never)
  --stack <name>              compare only this stack of the assemblies (by stack name,
                              artifact id or construct path); repeatable
  --parameters-before <vals>  parameter values of the deployed stack; repeatable
  --parameters-after <vals>   parameter values of the update (default: the deployed
                              values, as UsePreviousValue); repeatable
                              <vals>: Key=Value[,Key=Value...], Stack:Key=Value for one
                              stack, or @file.json ({"Key": "Value"} or
                              [{"ParameterKey": ..., "ParameterValue": ...}])
  --no-color                  no colours (also NO_COLOR=1; colours need a terminal)
  --help, -h                  show this help
  -v, --version               show the version

Markers:
  [+] added   [-] removed   [~] modified in place
  [-/+] replaced (Replacement True)   [-/+?] may be replaced (Replacement Conditional)
  [!] certain failure   [?] possible failure

Exit codes: 0 nothing --fail-on counts was found, 1 something --fail-on counts was found,
2 usage or input error (nothing was predicted).
`;
