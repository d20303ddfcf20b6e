// Prints the custom resources of every template in a cloud assembly (used by `npm run example`).
const fs = require('node:fs');
const path = require('node:path');

const outdir = process.argv[2] || 'cdk.out';
const templates = fs.readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
if (templates.length === 0) {
  console.error(`no templates in ${outdir}`);
  process.exit(1);
}
let found = 0;
for (const file of templates) {
  const template = JSON.parse(fs.readFileSync(path.join(outdir, file), 'utf8'));
  for (const [id, resource] of Object.entries(template.Resources || {})) {
    if (!resource.Type.startsWith('Custom::') && resource.Type !== 'AWS::CloudFormation::CustomResource') continue;
    found++;
    console.log(`${file}: ${id} (${resource.Type})`);
    console.log(JSON.stringify(resource.Properties, null, 2).replace(/^/gm, '  '));
  }
}
if (found === 0) {
  console.error('no custom resource found in the synthesized templates');
  process.exit(1);
}
