/**
 * Name-coupled properties: a replacing property that cannot change unless the name changes
 * too, because the service's naming rules tie the two together. A replacement caused by such
 * a change gives the new resource another name, so it cannot collide with the old one: the
 * property belongs to the resource's identity (with its names and parents), the guard does
 * not list it as replacing, and the predictor's failure verdicts do not count it.
 *
 * Each entry has its reason and the AWS page it was checked against; a test fails when an
 * entry names a type or property the spec does not have, or a type without names.
 */

/** One coupled property. */
export interface CoupledProperty {
  readonly property: string;
  /** Why every change of it changes the name (one line, shown in the docs). */
  readonly reason: string;
  /** The AWS page that states the naming rule. */
  readonly source: string;
}

export const NAME_COUPLED: Readonly<Record<string, readonly CoupledProperty[]>> = {
  'AWS::SQS::Queue': [{
    property: 'FifoQueue',
    reason: 'A FIFO queue\'s name must end in `.fifo` and a standard queue\'s name may not contain a dot (and `FifoQueue: false` is rejected): switching FIFO on or off always changes QueueName.',
    source: 'Amazon SQS API Reference, CreateQueue (QueueName, FifoQueue); CloudFormation Template Reference, AWS::SQS::Queue FifoQueue',
  }],
  'AWS::SNS::Topic': [{
    property: 'FifoTopic',
    reason: 'A FIFO topic\'s name must end in `.fifo`, and a standard topic\'s name may hold only letters, digits, hyphens and underscores: switching FIFO on or off always changes TopicName.',
    source: 'Amazon SNS API Reference, CreateTopic (Name, FifoTopic attribute)',
  }],
  'AWS::Events::EventBus': [{
    property: 'EventSourceName',
    reason: 'A partner event bus must be named exactly as its partner event source (`aws.partner/...`), and a custom bus name may not contain `/`: a change of EventSourceName always changes Name.',
    source: 'Amazon EventBridge API Reference, CreateEventBus (Name, EventSourceName)',
  }],
};
