"""The Python Lambda function every language's app gives to ResourceProvider as onEventFunction."""


def on_event(event, context):
    if event["RequestType"] == "Delete":
        return {}
    props = event["ResourceProperties"]
    return {
        "PhysicalResourceId": event.get("PhysicalResourceId") or f"audit-{props['auditName']}",
        "Data": {"level": str(props.get("level", ""))},
    }
