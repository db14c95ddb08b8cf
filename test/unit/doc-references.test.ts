import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

// Code comments cite documentation by file and heading (`docs/reliability.md "Fuzzing"`, a folder's
// `README.md`, or the root README by name alone). A citation is only worth its words while the heading
// exists: this test reads every citation in the code and its notes and checks the named file has it.
// "A → B" names a heading under another; each part must be a heading of the file.
const root = fileURLToPath(new URL('../../', import.meta.url));
const dirs = ['src', 'activities', 'workflows', 'test', 'bench', 'examples', 'scripts', '.ci', 'contracts', 'catalog'];
const rootFiles = ['.env.example', 'docker-compose.yml', 'Dockerfile', 'eslint.config.js', 'jest.config.js'];
const scanned = /\.(ts|js|mjs|cjs|json|toml|ya?ml|md|sh|sol)$|(^|\/)run$/;

function filesUnder(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => !f.includes('node_modules') && !f.startsWith('test/histories') && scanned.test(f))
    .filter((f) => statSync(join(root, f)).isFile());
}

// The file, then the heading in quotes; between them white space and comment markers only, so a citation
// broken over two comment lines is read whole. The file is the root README (bare or `.md`), a folder's
// README.md, or a page of docs/.
const citation =
  /(?<![\w/.-])(README(?:\.md)?|docs\/[\w-]+\.md|(?:[\w.-]+\/)+README\.md)(?:'s)?(?:\s|\/\/|\*|#)+"([^"]{1,160})"/g;

interface Citation {
  file: string;
  doc: string;
  heading: string;
}

function citations(): Citation[] {
  const found: Citation[] = [];
  for (const file of [...dirs.flatMap(filesUnder), ...rootFiles.filter((f) => existsSync(join(root, f)))]) {
    if (file === 'test/unit/doc-references.test.ts') continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const [, cited = '', quoted = ''] of text.matchAll(citation)) {
      const doc = cited === 'README' ? 'README.md' : cited;
      // A heading broken over comment lines: the line break, its indentation and comment marker are one space.
      const heading = quoted.replace(/\s*\n\s*(?:\/\/|\*|#+)?\s*/g, ' ').trim();
      found.push({ file, doc, heading });
    }
  }
  return found;
}

/** The headings of a markdown file, outside fenced code blocks. */
function headings(doc: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(root, doc), 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const h = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (h?.[1]) out.add(h[1]);
  }
  return out;
}

describe('documentation cited by the code', () => {
  const all = citations();

  it('finds the citations (the pattern still matches how comments cite)', () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it('names a file that exists and a heading that file has', () => {
    const broken = all.filter(({ doc, heading }) => {
      if (!existsSync(join(root, doc))) return true;
      const have = headings(doc);
      return !heading.split(' → ').every((part) => have.has(part));
    });
    expect(broken.map(({ file, doc, heading }) => `${file}: ${doc} "${heading}"`)).toEqual([]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

describe('links between the documentation pages', () => {
  it('land on a file that exists and, with an anchor, on a heading it has', () => {
    const pages = ['README.md', ...filesUnder('docs').filter((f) => f.endsWith('.md'))];
    const broken: string[] = [];
    for (const page of pages) {
      for (const [link, target = '', anchor] of readFileSync(join(root, page), 'utf8').matchAll(
        /\]\(((?:[\w./-]+)?\.md)?(?:#([\w-]+))?\)/g,
      )) {
        const file = target ? normalize(join(dirname(page), target)) : page;
        const ok = existsSync(join(root, file)) && (!anchor || [...headings(file)].map(anchorOf).includes(anchor));
        if (!ok && (target || anchor)) broken.push(`${page}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
