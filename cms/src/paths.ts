import fs from 'fs';
import path from 'path';

/**
 * Locates the CMS project directory (the one holding this package.json) by
 * walking up from the current file, so that it works both from the TypeScript
 * sources (cms/src) and from the compiled output (cms/dist/src).
 */
export const findCmsDir = (start: string = __dirname): string => {
  let dir = path.resolve(start);
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (path.basename(dir) !== 'dist' && fs.existsSync(pkg)) {
      try {
        if (JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'guichet-cms') return dir;
      } catch {
        // unreadable package.json: keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the CMS directory above ${start}`);
    dir = parent;
  }
};

/** Repository root: the parent of the CMS directory. */
export const repoRoot = (): string => path.dirname(findCmsDir());

/** SQLite database file: DATABASE_FILENAME (relative paths are taken from the repository root) or var/cms/data.db. */
export const sqliteFile = (value?: string): string =>
  path.resolve(repoRoot(), value && value.trim() ? value.trim() : path.join('var', 'cms', 'data.db'));
