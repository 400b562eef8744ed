// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('precompress', () => {
  it('compresses new and changed files only, so an incremental build does not redo them all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-precompress-'));
    dirs.push(dir);
    const page = join(dir, 'index.html');
    const script = join(dir, 'app.js');
    writeFileSync(page, '<p>first</p>'.repeat(200));
    writeFileSync(script, 'console.log(1);'.repeat(200));
    expect(precompress(dir)).toBe(2);
    expect(precompress(dir)).toBe(0);
    // The page is rewritten by the next build: only it is compressed again, and its copies say the new text.
    writeFileSync(page, '<p>second</p>'.repeat(200));
    const later = statSync(`${page}.gz`).mtimeMs / 1000 + 5;
    utimesSync(page, later, later);
    expect(precompress(dir)).toBe(1);
    expect(gunzipSync(readFileSync(`${page}.gz`)).toString()).toContain('second');
  });
});
