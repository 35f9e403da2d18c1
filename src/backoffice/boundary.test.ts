import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The back office is its own area: no module of src outside src/backoffice imports it statically, so the
 * shop's pages carry none of its code; the router reaches it only through `import()`. ESLint's
 * no-restricted-imports says the same (eslint.config.js); this test keeps the boundary if that rule goes.
 */
const SRC = resolve(import.meta.dirname, '..');
const BACKOFFICE = import.meta.dirname;
const ROOT = resolve(SRC, '..');

const inBackoffice = (file: string) => file === BACKOFFICE || file.startsWith(BACKOFFICE + sep);

/** The specifiers of `file`'s static imports and re-exports (type-only ones too); `import()` is not one. */
function staticImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of source.statements) {
    const specifier =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)
          ? node.moduleReference.expression
          : undefined;
    if (specifier && ts.isStringLiteral(specifier)) out.push(specifier.text);
  }
  return out;
}

/** The static imports of `file` that lead into src/backoffice. */
function backofficeImports(file: string, text: string): string[] {
  return staticImports(file, text).filter(
    (s) => s.startsWith('.') && inBackoffice(resolve(dirname(file), s)),
  );
}

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!inBackoffice(path)) yield* sources(path);
    } else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

describe('the back office boundary', () => {
  it('finds static imports and re-exports, not dynamic ones', () => {
    const file = join(SRC, 'app', 'example.tsx');
    const text = [
      "import { a } from '../backoffice/StaffPage.tsx';",
      "import type { B } from '../backoffice/reports/Reports.tsx';",
      "export { c } from '../backoffice/reports/format.ts';",
      "import '../backoffice';",
      "import { d } from '../ui/errorText.ts';",
      "const page = () => import('../backoffice/StaffPage.tsx');",
    ].join('\n');
    expect(backofficeImports(file, text)).toEqual([
      '../backoffice/StaffPage.tsx',
      '../backoffice/reports/Reports.tsx',
      '../backoffice/reports/format.ts',
      '../backoffice',
    ]);
  });

  it('is crossed by no module outside src/backoffice', () => {
    const files = [...sources(SRC)];
    // A scan that found nothing would pass whatever the code does.
    expect(files.length).toBeGreaterThan(100);
    const crossings = files.flatMap((file) =>
      backofficeImports(file, readFileSync(file, 'utf8')).map((s) => `${relative(ROOT, file)}: ${s}`),
    );
    expect(crossings, 'only src/backoffice imports src/backoffice (the router uses import())').toEqual([]);
  });

  it('is reached by the router, lazily', () => {
    const router = readFileSync(join(SRC, 'app', 'routes.tsx'), 'utf8');
    expect(router).toMatch(/import\('\.\.\/backoffice\/StaffPage\.tsx'\)/);
  });
});
