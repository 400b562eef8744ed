/**
 * The content schema's limits (SPEC section 9) on the queries the site build sends the CMS: nested at
 * most 15 levels, and a circular reference (a field met again inside itself, such as parent { parent { ... } })
 * followed at most 5 times. A query over them is refused before it is sent, with the path that breaks them.
 */
export const CONTENT_QUERY_LIMITS = { depth: 15, circular: 5 } as const;

/** The query without its arguments and strings: field names and braces are what the limits read. */
function shape(query: string): string {
  let out = '';
  let parens = 0;
  let quote = false;
  for (let index = 0; index < query.length; index += 1) {
    const char = query[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === '"') quote = false;
    } else if (char === '"') quote = true;
    else if (char === '(') parens += 1;
    else if (char === ')') parens -= 1;
    else if (parens === 0) out += char;
  }
  return out;
}

export function checkContentQuery(query: string, limits = CONTENT_QUERY_LIMITS): string {
  const path: string[] = [];
  let last = '';
  for (const token of shape(query).match(/[A-Za-z_][A-Za-z0-9_]*|[{}]/g) ?? []) {
    if (token === '{') {
      path.push(last);
      if (path.length > limits.depth) throw new Error(`Content query nested deeper than ${limits.depth} levels: ${path.join(' > ')}`);
      const times = path.filter((name) => name === last).length;
      if (last && times > limits.circular)
        throw new Error(`Content query follows the circular reference "${last}" more than ${limits.circular} times: ${path.join(' > ')}`);
    } else if (token === '}') path.pop();
    else last = token;
  }
  return query;
}
