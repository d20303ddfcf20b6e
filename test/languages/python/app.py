#!/usr/bin/env python3
"""The languages app in Python, as a Python user writes it: the same two stacks as
../typescript/app.ts (test/languages compares their templates and guard findings).
The README's Python examples are the marked parts of this file (npm run docs:languages)."""
# sample: polling
from cdk_lifecycle import PollingOptions
# end sample
# sample: provider polling
from aws_cdk import Duration
# end sample
# sample: provider polling function
from cdk_lifecycle import ProvidedResource, ResourceProvider
# end sample
# sample: provider
from aws_cdk import CfnOutput
# end sample
# sample: function
from aws_cdk import aws_lambda as lambda_
# end sample
# sample: guard
from aws_cdk import Annotations, App, Validations
from aws_cdk import aws_sqs as sqs
from cdk_lifecycle import FindingId, ReplacementGuard, ReplacementGuardPlugin
# end sample
from aws_cdk import Stack
from aws_cdk import aws_dynamodb as dynamodb
from constructs import Construct


class ProvidersStack(Stack):
    def __init__(self, scope: Construct, construct_id: str, **kwargs) -> None:
        super().__init__(scope, construct_id, **kwargs)

        # sample: provider
        provider = ResourceProvider(self, "Greeter",
            entry="../handlers/greeter.ts",  # a TypeScript handler, bundled with esbuild at synth
            handler="onEvent",
            timeout=Duration.minutes(1),
        )
        greeting = ProvidedResource(self, "Greeting",
            provider=provider,
            resource_type="Custom::Greeting",
            properties={
                "greetingName": "cdk-lifecycle",
                "region": "eu-west-1",
                "count": 3,
                "ratio": 0.25,
                "enabled": True,
                "verbose": False,
                "nothing": ProvidedResource.JSON_NULL,  # None would mean "no value" (jsii)
                "tags": ["a", 1, False, ProvidedResource.JSON_NULL],
                "settings": {"depth": 2, "nested": {"on": True, "label": "x"}},
            },
            service_timeout=Duration.minutes(5),
            replace_on_change=["region"],
            name_property="greetingName",
        )
        CfnOutput(self, "GreetingMessage", value=greeting.get_att_string("message"))
        # end sample

        # sample: polling
        clusters = ResourceProvider(self, "Clusters",
            entry="../handlers/cluster.ts",
            is_complete_handler="isComplete",
            polling=PollingOptions(first_delay=Duration.seconds(30), interval=Duration.seconds(15), max_interval=Duration.minutes(2)),
            timeout=Duration.minutes(15),
        )
        ProvidedResource(self, "Cluster", provider=clusters, service_timeout=Duration.minutes(50))
        # end sample

        # sample: function
        audit_function = lambda_.Function(self, "AuditFunction",
            runtime=lambda_.Runtime.PYTHON_3_13,
            handler="index.on_event",
            code=lambda_.Code.from_asset("../handlers/python"),
        )
        audits = ResourceProvider(self, "Audits", on_event_function=audit_function)
        ProvidedResource(self, "Audit",
            provider=audits,
            resource_type="Custom::Audit",
            properties={"auditName": "nightly", "level": 2},
        )
        # end sample

        # sample: guard
        queue = sqs.Queue(self, "Jobs", queue_name="languages-jobs")
        Annotations.of(queue).acknowledge_warning(FindingId.NAMED_RESOURCE_REPLACEMENT, "Recreated by hand")
        # end sample


class StorageStack(Stack):
    def __init__(self, scope: Construct, construct_id: str, **kwargs) -> None:
        super().__init__(scope, construct_id, **kwargs)
        # Deployed with the partition key "id" (../baseline/Storage.template.json): a new key
        # replaces the table, and its fixed name makes that replacement fail.
        dynamodb.Table(self, "Reports",
            table_name="languages-reports",
            partition_key=dynamodb.Attribute(name="reportId", type=dynamodb.AttributeType.STRING),
        )


# sample: guard
app = App()
ReplacementGuard.apply_to(app, baseline="../baseline/Storage.template.json")
Validations.of(app).add_plugins(ReplacementGuardPlugin())
# end sample
ProvidersStack(app, "Providers")
StorageStack(app, "Storage")
app.synth()
