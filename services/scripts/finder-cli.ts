import { isAbsolute, resolve } from 'node:path';

/** The value after a flag (`--examples file.csv`), or undefined. */
export function argument(name: string, argv: string[] = process.argv.slice(2)): string | undefined {
  const position = argv.indexOf(name);
  if (position < 0) return undefined;
  const value = argv[position + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

export const flag = (name: string, argv: string[] = process.argv.slice(2)) => argv.includes(name);

/** A path as the caller typed it: relative to the folder npm was run from (INIT_CWD), not to services/. */
export function resolveFromCaller(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}
