/**
 * A template value as text for a security table: a string as it is, `Ref X` as `${X}`,
 * `Fn::GetAtt [X, Attr]` as `${X.Attr}`, `Fn::Sub` as its string, `Fn::Join` joined, anything
 * else as compact JSON. Two values that render alike are the same grant.
 */
export function renderToken(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return JSON.stringify(value.map(renderToken));
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  if (keys.length === 1) {
    const [key] = keys;
    const argument = record[key];
    if (key === 'Ref' && typeof argument === 'string') return `\${${argument}}`;
    if (key === 'Fn::GetAtt') {
      const [resource, attribute] = Array.isArray(argument) ? argument : typeof argument === 'string' ? argument.split('.') : [];
      if (typeof resource === 'string') return `\${${resource}.${renderToken(attribute)}}`;
    }
    if (key === 'Fn::Sub') {
      if (typeof argument === 'string') return argument;
      if (Array.isArray(argument) && typeof argument[0] === 'string') return argument[0];
    }
    if (key === 'Fn::Join' && Array.isArray(argument) && typeof argument[0] === 'string' && Array.isArray(argument[1])) {
      return argument[1].map(renderToken).join(argument[0]);
    }
    if (key === 'Fn::ImportValue') return `\${Import:${renderToken(argument)}}`;
  }
  return JSON.stringify(Object.fromEntries(keys.sort().map((key) => [key, JSON.parse(JSON.stringify(renderNested(record[key])))])));
}

function renderNested(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renderNested);
  if (typeof value === 'object' && value !== null) {
    const rendered = renderToken(value);
    return rendered.startsWith('{') ? JSON.parse(rendered) : rendered;
  }
  return value;
}
