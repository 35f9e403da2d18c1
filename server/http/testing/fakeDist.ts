import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compressDist } from '../../../scripts/compress-dist.ts';

/** The shop's hashed script in miniature, big enough to be compressed. */
export const SCRIPT = `console.log(${JSON.stringify('the shop '.repeat(400))});\n`;

/** A built shop in miniature: index.html as Vite writes it, a hashed script, the PNG (posters: later). */
export function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'posters'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="he" dir="rtl">\n  <head>\n    <meta charset="UTF-8" />\n' +
      '    <title>Tickets</title>\n    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/react-Ij90Kl12.js">\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">\n' +
      '  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  // The box office's renderer (src/ssr/renderPage.tsx, built by scripts/build.ts) in miniature: it says
  // what it was given. `/order` (the board's other address) fails, as a render may.
  mkdirSync(join(dir, '.ssr'));
  writeFileSync(
    join(dir, '.ssr', 'renderPage.js'),
    'export async function renderPage(input) {\n' +
      "  if (input.url === '/order') throw new Error('a render that fails');\n" +
      '  const answers = Object.keys(input.data.answers).join(",");\n' +
      '  return { kind: "page", html: `<main data-url="${input.url}" data-locale="${input.locale}">` +\n' +
      '    `<h1>${input.messages.events.title}</h1><p>${answers} ${input.settings.currency.code}</p></main>` };\n' +
      '}\n',
  );
  writeFileSync(join(dir, 'assets', 'index-Ef56Gh78.css'), '.entry{color:red}');
  writeFileSync(join(dir, 'assets', 'Box-Yy.css'), '.box{color:blue}');
  writeFileSync(join(dir, 'assets', 'EventsBoardPage-Zz.css'), '.board{color:green}');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-Ab12Cd34.js',
        isEntry: true,
        imports: ['_react-Ij90Kl12.js'],
        css: ['assets/index-Ef56Gh78.css'],
      },
      '_react-Ij90Kl12.js': { file: 'assets/react-Ij90Kl12.js' },
      'src/flows/events/EventsBoardPage.tsx': {
        file: 'assets/EventsBoardPage-Zz.js',
        imports: ['_react-Ij90Kl12.js', '_Box-Yy.js'],
        css: ['assets/EventsBoardPage-Zz.css'],
      },
      '_Box-Yy.js': { file: 'assets/Box-Yy.js', css: ['assets/Box-Yy.css'] },
    }),
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  copyFileSync(
    join(import.meta.dirname, '..', '..', '..', 'public', 'og-image.png'),
    join(dir, 'og-image.png'),
  );
  compressDist(dir);
  return dir;
}
