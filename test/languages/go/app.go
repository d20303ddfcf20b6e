// The languages app in Go, as a Go user writes it: the same two stacks as
// ../typescript/app.ts (test/languages compares their templates and guard findings).
// docs/languages.md shows this file (npm run docs:languages).
package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdk-lifecycle/cdk-lifecycle-go/cdklifecycle"
)

func NewProvidersStack(scope constructs.Construct, id string, props *awscdk.StackProps) awscdk.Stack {
	stack := awscdk.NewStack(scope, &id, props)

	provider := cdklifecycle.NewResourceProvider(stack, jsii.String("Greeter"), &cdklifecycle.ResourceProviderProps{
		Entry:   jsii.String("../handlers/greeter.ts"), // a TypeScript handler, bundled with esbuild at synth
		Handler: jsii.String("onEvent"),
		Timeout: awscdk.Duration_Minutes(jsii.Number(1)),
	})
	greeting := cdklifecycle.NewProvidedResource(stack, jsii.String("Greeting"), &cdklifecycle.ProvidedResourceProps{
		Provider:     provider,
		ResourceType: jsii.String("Custom::Greeting"),
		Properties: &map[string]interface{}{
			"greetingName": "cdk-lifecycle",
			"region":       "eu-west-1",
			"count":        3,
			"ratio":        0.25,
			"enabled":      true,
			"verbose":      false,
			"nothing":      cdklifecycle.ProvidedResource_JSON_NULL(), // nil would mean "no value" (jsii)
			"tags":         []interface{}{"a", 1, false, cdklifecycle.ProvidedResource_JSON_NULL()},
			"settings":     map[string]interface{}{"depth": 2, "nested": map[string]interface{}{"on": true, "label": "x"}},
		},
		ServiceTimeout:  awscdk.Duration_Minutes(jsii.Number(5)),
		ReplaceOnChange: jsii.Strings("region"),
		NameProperty:    jsii.String("greetingName"),
	})
	awscdk.NewCfnOutput(stack, jsii.String("GreetingMessage"), &awscdk.CfnOutputProps{
		Value: greeting.GetAttString(jsii.String("message")),
	})

	clusters := cdklifecycle.NewResourceProvider(stack, jsii.String("Clusters"), &cdklifecycle.ResourceProviderProps{
		Entry:             jsii.String("../handlers/cluster.ts"),
		IsCompleteHandler: jsii.String("isComplete"),
		Polling: &cdklifecycle.PollingOptions{
			FirstDelay:  awscdk.Duration_Seconds(jsii.Number(30)),
			Interval:    awscdk.Duration_Seconds(jsii.Number(15)),
			MaxInterval: awscdk.Duration_Minutes(jsii.Number(2)),
		},
		Timeout: awscdk.Duration_Minutes(jsii.Number(15)),
	})
	cdklifecycle.NewProvidedResource(stack, jsii.String("Cluster"), &cdklifecycle.ProvidedResourceProps{
		Provider:       clusters,
		ServiceTimeout: awscdk.Duration_Minutes(jsii.Number(50)),
	})

	auditFunction := awslambda.NewFunction(stack, jsii.String("AuditFunction"), &awslambda.FunctionProps{
		Runtime: awslambda.Runtime_PYTHON_3_13(),
		Handler: jsii.String("index.on_event"),
		Code:    awslambda.Code_FromAsset(jsii.String("../handlers/python"), nil),
	})
	audits := cdklifecycle.NewResourceProvider(stack, jsii.String("Audits"), &cdklifecycle.ResourceProviderProps{
		OnEventFunction: auditFunction,
	})
	cdklifecycle.NewProvidedResource(stack, jsii.String("Audit"), &cdklifecycle.ProvidedResourceProps{
		Provider:     audits,
		ResourceType: jsii.String("Custom::Audit"),
		Properties:   &map[string]interface{}{"auditName": "nightly", "level": 2},
	})

	queue := awssqs.NewQueue(stack, jsii.String("Jobs"), &awssqs.QueueProps{QueueName: jsii.String("languages-jobs")})
	awscdk.Annotations_Of(queue).AcknowledgeWarning(cdklifecycle.FindingId_NAMED_RESOURCE_REPLACEMENT(), jsii.String("Recreated by hand"))
	return stack
}

func NewStorageStack(scope constructs.Construct, id string, props *awscdk.StackProps) awscdk.Stack {
	stack := awscdk.NewStack(scope, &id, props)
	// Deployed with the partition key "id" (../baseline/Storage.template.json): a new key
	// replaces the table, and its fixed name makes that replacement fail.
	awsdynamodb.NewTable(stack, jsii.String("Reports"), &awsdynamodb.TableProps{
		TableName:    jsii.String("languages-reports"),
		PartitionKey: &awsdynamodb.Attribute{Name: jsii.String("reportId"), Type: awsdynamodb.AttributeType_STRING},
	})
	return stack
}

func main() {
	defer jsii.Close()

	app := awscdk.NewApp(nil)
	cdklifecycle.ReplacementGuard_ApplyTo(app, &cdklifecycle.ReplacementGuardProps{
		Baseline: jsii.String("../baseline/Storage.template.json"),
	})
	awscdk.Validations_Of(app).AddPlugins(cdklifecycle.NewReplacementGuardPlugin(nil))
	NewProvidersStack(app, "Providers", nil)
	NewStorageStack(app, "Storage", nil)
	app.Synth(nil)
}
