/** `cdk-lifecycle diff --help`. docs/cli.md says the same at length. */
export const DIFF_USAGE = `Usage: cdk-lifecycle diff <before> <after> [options]
       cdk-lifecycle diff --deployed <cdk.out> [--profile <name>] [options]

Predicts, offline, the change set CloudFormation would create to update <before> (what is
deployed) to <after>: what is added, modified, replaced and removed, why, and which changes
will fail. Each side is a template file (JSON, or YAML with short-form tags such as !Ref)
or a cloud assembly folder (cdk.out), a snapshot of the deployed stacks included. A
template and an assembly compare with the assembly's one stack, or the one --stack picks.
With --deployed, <before> is read from CloudFormation: the stacks of <cdk.out> as they
are deployed, their nested stacks, parameter values, exports and states.

Options:
  --deployed <cdk.out>        compare <cdk.out> with its stacks as CloudFormation has them
                              (AWS credentials as the cdk CLI finds them; each stack's
                              lookup role when it can be assumed)
  --profile <name>            with --deployed: the profile of the shared AWS config and
                              credentials files to use
  --json                      print {"Changes": [...]} as describe-change-set does
                              (assemblies: {"StackName": {"Changes": [...]}, ...})
  --property-values           print the JSON as describe-change-set
                              --include-property-values does: values and contexts
                              of each change (NoEcho parameters masked)
  --security-only             print only the security changes (IAM statements, managed
                              policies, security-group rules), as cdk diff
                              --security-only; the exit code is the review's as ever
  --fail-on <level>           exit 1 on: failure (default; a certain failure),
                              replacement (a certain failure or any replacement,
                              conditional ones included), data-loss (a certain
                              failure or data deleted by a removal or replacement),
                              security (a certain failure or permissions broadened:
                              something allowed after that was not before, judged
                              per principal, so a narrowing or a move passes),
                              none (never)
  --stack <name>              compare only this stack of the assemblies (by stack name,
                              artifact id or construct path); repeatable
  --parameters-before <vals>  parameter values of the deployed stack; repeatable
  --parameters-after <vals>   parameter values of the update (default: the deployed
                              values, as UsePreviousValue); repeatable
                              <vals>: Key=Value[,Key=Value...], Stack:Key=Value for one
                              stack, or @file.json ({"Key": "Value"} or
                              [{"ParameterKey": ..., "ParameterValue": ...}])
  --refactor-plan <file>      write the refactor plan of the renames and moves: <file>
                              (also cdk refactor's --override-file) and, beside it,
                              each CreateStackRefactor input (--cli-input-json)
  --refactor-mappings <file>  which resource went where, where identical ones cannot be
                              told apart (cdk refactor's --override-file format)
  --rules <file>              review rules (YAML or JSON): each rule matches changes and
                              gives them a level, fail, warn, info or ignore; a change at
                              fail makes the exit code 1 (docs/review.md)
  --group-by <keys>           fold the changes into a tree with counts, by type, action,
                              property, stack, kind or level (comma-separated, nested)
  --html <file>               write a self-contained HTML report (no network needed)
  --markdown <file>           write a summary for a pull-request comment or
                              $GITHUB_STEP_SUMMARY (within GitHub's comment limit)
  --sarif <file>              write a SARIF 2.1.0 log for code scanning
  --junit <file>              write JUnit XML: one test case per stack
  --no-color                  no colours (also NO_COLOR=1; colours need a terminal)
  --help, -h                  show this help
  -v, --version               show the version

Markers:
  [+] added   [-] removed   [~] modified in place
  [-/+] replaced (Replacement True)   [-/+?] may be replaced (Replacement Conditional)
  [!] certain failure   [?] possible failure   [>] rename or move
  [deleted] [snapshotted] [retained] [unknown]: what happens to the data

Exit codes: 0 no change fails the review, 1 a change fails it (what --fail-on counts, or
a rule's level fail), 2 usage or input error (nothing was predicted).
`;

/** `cdk-lifecycle invoke --help`. docs/invoke.md says the same at length. */
export const INVOKE_USAGE = `Usage: cdk-lifecycle invoke <cdk.out> [--stack <name>] [--resource <id>] [options]
       cdk-lifecycle invoke <before cdk.out> <after cdk.out> [--stack <name>] [--resource <id>]

Plays CloudFormation locally: finds the custom resource and its provider in the cloud
assembly, runs the provider's bundled code as it would be deployed (its own Node.js process,
a Lambda-like environment and context, its real timeout), sends the requests CloudFormation
would send, and checks every response against the custom-resource protocol. With two
assemblies, plays the custom-resource requests of the change set between them.

Options:
  --stack <name>          the stack (name, artifact id or construct path); needed when
                          the assembly has several
  --resource <id>         the custom resource (logical id or construct path); needed when
                          the stack has several
  --request <kind>        create, update, delete or lifecycle (default): Create, then
                          Update with --properties (a new id is a replacement: the old id
                          gets its Delete), then Delete
  --properties <json>     new properties (a JSON file, or JSON starting with {): top-level
                          keys replace the template's
  --physical-id <id>      the deployed resource's id, for --request update and delete
  --timeout <seconds>     the longest wait for one answer (default: the resource's
                          ServiceTimeout, 3600 s unless it sets one)
  --env NAME=value        an environment variable for every function; repeatable
                          (AWS_ENDPOINT_URL_* of your shell are passed on too)
  --placeholder ID=value  the value of Ref ID, or of Fn::GetAtt with ID.Attribute=value
                          (Db.Endpoint.Address=127.0.0.1), in every request and in the
                          functions' environment; Stack:ID=value for one stack; repeatable
  --cold                  a new process for every invocation (default: warm containers)
  --fast-clock            play on a simulated clock that jumps over the providers' waits
                          (a 60 s poll of isComplete takes about no time); every deadline
                          falls where it would, times shown are the simulated ones
  --json                  print the steps as JSON
  --no-color              no colours (also NO_COLOR=1; colours need a terminal)
  --help, -h              show this help
  -v, --version           show the version

Exit codes: 0 every response was valid and SUCCESS, 1 a protocol violation or a failed
request, 2 usage or input error (nothing was played).
`;

/** `cdk-lifecycle snapshot --help`. docs/cli.md says the same at length. */
export const SNAPSHOT_USAGE = `Usage: cdk-lifecycle snapshot <cdk.out> --out <dir> [--stack <name>] [--profile <name>]

Reads the stacks of <cdk.out> from CloudFormation (their deployed templates, nested stacks'
templates, parameter values, states, exports and the stacks that import them) and writes
them to <dir> as a cloud assembly, which \`cdk-lifecycle diff <dir> <cdk.out>\` reads
offline, without credentials. Nothing is written when a read fails.

Options:
  --out <dir>             the folder to write (a new or empty folder, or an earlier
                          snapshot, which is replaced)
  --stack <name>          only this stack (stack name, artifact id or construct path);
                          repeatable
  --profile <name>        the profile of the shared AWS config and credentials files
                          (default: the AWS SDK's credential chain, as the cdk CLI uses it)
  --help, -h              show this help

Exit codes: 0 the snapshot was written, 2 usage, input or AWS error (nothing was written).
`;

/** `cdk-lifecycle --help`: every command. */
export const USAGE = `${DIFF_USAGE}\n${INVOKE_USAGE}\n${SNAPSHOT_USAGE}`;
