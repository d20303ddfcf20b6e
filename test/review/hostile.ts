/**
 * Hostile values for the output tests (issue 36): what a pull request from a fork can put in a
 * template, an assembly, a rules file or a deployed stack's status, aimed at each output's
 * medium: Markdown (a code span closed early, raw HTML, links, mentions, a forged table row),
 * plain text (terminal escapes, bidi overrides, CI workflow commands), HTML (scripts, event
 * handlers, `javascript:` links, CSS, remote images) and XML (characters XML 1.0 cannot hold).
 */
import { resource, reviewTemplates } from './helpers';
import { Review } from '../../src/review/review-model';
import { ReviewRule } from '../../src/review/review-rules';

/** Where a test may see a fetch: nothing listens there, and the tests fail on any request. */
export const TRAP = 'http://127.0.0.1:9';

/** One value per attack, by name. */
export const HOSTILE = {
  codeSpan: `\`\`<img src="${TRAP}/md.png">\`\``,
  comment: '<!-- ',
  details: '</details>',
  link: `[click](${TRAP}/link)`,
  image: `![x](${TRAP}/image.png)`,
  autolink: `www.example.com ${TRAP}/auto a@example.com`,
  mention: '@octocat @org/team',
  issue: '#1 GH-2',
  forgedRow: '\r| forged | row |\n| forged | row |',
  backslashPipe: 'a\\|b\\\\|c\\',
  terminal: '\u001b[2J\u001b]0;title\u0007\u001b[8m',
  bidi: '\u202eevil\u202c \u2066x\u2069',
  separators: '\u0085 \u2028 \u2029',
  ghCommand: '\n::error::pwned\r::warning::pwned',
  vso: '##vso[task.setvariable variable=x]1 ##[error]x',
  script: '<script>window.__pwned=1</script>',
  handler: '"><img src=x onerror="window.__pwned=2">',
  attribute: "' onmouseover='window.__pwned=5' x='",
  svg: '</text></svg><svg onload="window.__pwned=6"><text>',
  remoteImage: `<img src="${TRAP}/remote.png">`,
  jsLink: 'javascript:window.__pwned=3',
  css: `</style><style>body{background:url(${TRAP}/css.png)}</style>`,
  scriptClose: '</script><script>window.__pwned=4</script>',
  xml: '\u0001\uFFFE\uD800',
} as const;

/** Every attack in one value. */
export const PAYLOAD = Object.values(HOSTILE).join(' ');

/** The hostile stack's name. */
export const HOSTILE_STACK = `App @octocat${HOSTILE.forgedRow}${HOSTILE.terminal}${HOSTILE.script}::error::x`;

/** A rule whose message is hostile (its id cannot be: rules files allow only `[A-Za-z0-9._-]`). */
export const HOSTILE_RULES: ReviewRule[] = [
  { id: 'no_data_loss_', match: { resourceType: ['AWS::SQS::*'] }, level: 'fail', message: `Queues: ${PAYLOAD}` },
];

/**
 * A review of one stack where every value a renderer shows is hostile: logical ids, construct
 * paths (`aws:cdk:path`), property values, a failure's reason (a name that stays the same while
 * the table is replaced), an output's value and export name, an IAM statement, the stack's name.
 * `payload` is every attack at once unless a test picks one.
 */
export function hostileReview(rules: readonly ReviewRule[] = HOSTILE_RULES, payload: string = PAYLOAD, stack: string = HOSTILE_STACK): Review {
  const path = (id: string) => ({ 'aws:cdk:path': `App/@octocat ${payload}/${id}/Resource` });
  const table = (key: string) => resource('AWS::DynamoDB::Table', {
    TableName: payload, KeySchema: [{ AttributeName: key, KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }],
  }, { Metadata: path('Table') });
  const policy = (action: string) => resource('AWS::IAM::Policy', {
    PolicyName: 'p', Roles: [`role${payload}`], PolicyDocument: { Statement: [{ Effect: 'Allow', Action: action, Resource: payload }] },
  });
  const before = {
    Resources: {
      Topic: resource('AWS::SNS::Topic', { DisplayName: 'old' }, { Metadata: path('Topic') }),
      [`Gone${payload}`]: resource('AWS::SQS::Queue', { DelaySeconds: 5 }, { Metadata: path('Gone') }),
      Table: table('id'),
      Policy: policy('s3:GetObject'),
    },
    Outputs: { Out: { Value: 'old', Export: { Name: 'old' } } },
  };
  const after = {
    Resources: {
      Topic: resource('AWS::SNS::Topic', { DisplayName: payload }, { Metadata: path('Topic') }),
      [`New${payload}`]: resource('AWS::SQS::Queue', { DelaySeconds: 5 }, { Metadata: path('New') }),
      Table: table('pk'),
      Policy: policy(`s3:*${payload}`),
    },
    Outputs: { Out: { Value: payload, Export: { Name: payload } } },
  };
  return reviewTemplates({ [stack]: [before, after] }, rules);
}
