// The languages app in Java, as a Java user writes it: the same two stacks as
// ../typescript/app.ts (test/languages compares their templates and guard findings).
// docs/languages.md shows this file (npm run docs:languages).
package com.example.languages;

import io.github.cdklifecycle.FindingId;
import io.github.cdklifecycle.PollingOptions;
import io.github.cdklifecycle.ProvidedResource;
import io.github.cdklifecycle.ReplacementGuard;
import io.github.cdklifecycle.ReplacementGuardPlugin;
import io.github.cdklifecycle.ReplacementGuardProps;
import io.github.cdklifecycle.ResourceProvider;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Annotations;
import software.amazon.awscdk.App;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.Validations;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.sqs.Queue;
import software.constructs.Construct;

public final class LanguagesApp {
    static final class ProvidersStack extends Stack {
        ProvidersStack(final Construct scope, final String id) {
            super(scope, id);

            ResourceProvider provider = ResourceProvider.Builder.create(this, "Greeter")
                    .entry("../handlers/greeter.ts") // a TypeScript handler, bundled with esbuild at synth
                    .handler("onEvent")
                    .timeout(Duration.minutes(1))
                    .build();
            Map<String, Object> properties = new LinkedHashMap<>();
            properties.put("greetingName", "cdk-lifecycle");
            properties.put("region", "eu-west-1");
            properties.put("count", 3);
            properties.put("ratio", 0.25);
            properties.put("enabled", true);
            properties.put("verbose", false);
            properties.put("nothing", ProvidedResource.JSON_NULL); // null would mean "no value" (jsii)
            properties.put("tags", Arrays.asList("a", 1, false, ProvidedResource.JSON_NULL));
            properties.put("settings", Map.of("depth", 2, "nested", Map.of("on", true, "label", "x")));
            ProvidedResource greeting = ProvidedResource.Builder.create(this, "Greeting")
                    .provider(provider)
                    .resourceType("Custom::Greeting")
                    .properties(properties)
                    .serviceTimeout(Duration.minutes(5))
                    .replaceOnChange(List.of("region"))
                    .nameProperty("greetingName")
                    .build();
            CfnOutput.Builder.create(this, "GreetingMessage").value(greeting.getAttString("message")).build();

            ResourceProvider clusters = ResourceProvider.Builder.create(this, "Clusters")
                    .entry("../handlers/cluster.ts")
                    .isCompleteHandler("isComplete")
                    .polling(PollingOptions.builder()
                            .firstDelay(Duration.seconds(30))
                            .interval(Duration.seconds(15))
                            .maxInterval(Duration.minutes(2))
                            .build())
                    .timeout(Duration.minutes(15))
                    .build();
            ProvidedResource.Builder.create(this, "Cluster").provider(clusters).serviceTimeout(Duration.minutes(50)).build();

            Function auditFunction = Function.Builder.create(this, "AuditFunction")
                    .runtime(Runtime.PYTHON_3_13)
                    .handler("index.on_event")
                    .code(Code.fromAsset("../handlers/python"))
                    .build();
            ResourceProvider audits = ResourceProvider.Builder.create(this, "Audits").onEventFunction(auditFunction).build();
            ProvidedResource.Builder.create(this, "Audit")
                    .provider(audits)
                    .resourceType("Custom::Audit")
                    .properties(Map.of("auditName", "nightly", "level", 2))
                    .build();

            Queue queue = Queue.Builder.create(this, "Jobs").queueName("languages-jobs").build();
            Annotations.of(queue).acknowledgeWarning(FindingId.NAMED_RESOURCE_REPLACEMENT, "Recreated by hand");
        }
    }

    static final class StorageStack extends Stack {
        StorageStack(final Construct scope, final String id) {
            super(scope, id);
            // Deployed with the partition key "id" (../baseline/Storage.template.json): a new key
            // replaces the table, and its fixed name makes that replacement fail.
            Table.Builder.create(this, "Reports")
                    .tableName("languages-reports")
                    .partitionKey(Attribute.builder().name("reportId").type(AttributeType.STRING).build())
                    .build();
        }
    }

    public static void main(final String[] args) {
        App app = new App();
        ReplacementGuard.applyTo(app, ReplacementGuardProps.builder().baseline("../baseline/Storage.template.json").build());
        Validations.of(app).addPlugins(new ReplacementGuardPlugin());
        new ProvidersStack(app, "Providers");
        new StorageStack(app, "Storage");
        app.synth();
    }

    private LanguagesApp() {
    }
}
