import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|xml|map)$/;
/** Rewritten at run time by the server's tests: always served as is. */
const NEVER = new Set(['page-data/app-data.json']);
const SMALLEST = 1024;

/**
 * Writes file.br and file.gz beside every compressible file of the built site, so that the server sends
 * them to browsers that accept them (no compression work per request), and removes those left from files
 * that are gone. A file whose compressed copies are newer than it is left alone. Returns the number of files
 * compressed.
 */
export function precompress(publicDir: string): number {
  let count = 0;
  const visit = (directory: string) => {
    for (const entry of readdirSync(directory)) {
      const path = join(directory, entry);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        visit(path);
        continue;
      }
      if (/\.(br|gz)$/.test(entry)) {
        if (!existsSync(path.slice(0, -3)) || NEVER.has(relative(publicDir, path.slice(0, -3)).split('\\').join('/'))) unlinkSync(path);
        continue;
      }
      if (!COMPRESSIBLE.test(entry) || NEVER.has(relative(publicDir, path).split('\\').join('/'))) continue;
      if (stat.size < SMALLEST) continue;
      // Unchanged since its last compression (an incremental build rewrites only what changed).
      if ([`${path}.br`, `${path}.gz`].every((compressed) => existsSync(compressed) && statSync(compressed).mtimeMs >= stat.mtimeMs))
        continue;
      const data = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      count += 1;
    }
  };
  visit(publicDir);
  return count;
}
