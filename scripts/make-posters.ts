/**
 * Writes the demo catalogue's posters, one SVG per feature, to public/posters/feature-<id>.svg:
 * `node scripts/make-posters.ts`. Made here, never downloaded: a gradient and shapes by category with a
 * motif per feature and the English title. Deterministic (same bytes every run), a few KB each, 2:3.
 * The shop shows them at /posters/feature-<id>.svg (src/flows/events/poster.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { features, type FeatureSeed } from '../server/seed/catalogue.ts';
import { JUMP } from '../server/seed/jumpPark.ts';

const W = 400;
const H = 600;

interface Palette {
  sky: [string, string];
  accent: string;
  ink: string;
}

const PALETTES: Record<FeatureSeed['category'], Palette> = {
  movie: { sky: ['#0b1d3a', '#3b5b92'], accent: '#f7c948', ink: '#ffffff' },
  concert: { sky: ['#2a0845', '#c2185b'], accent: '#ffd166', ink: '#ffffff' },
  orchestra: { sky: ['#1b1b2f', '#7a4b1e'], accent: '#e9c46a', ink: '#fff8e7' },
  sport: { sky: ['#03351f', '#1f8a4c'], accent: '#ff8c1a', ink: '#ffffff' },
  show: { sky: ['#3d0000', '#a4161a'], accent: '#ffba08', ink: '#ffffff' },
  video: { sky: ['#0d1b2a', '#1b998b'], accent: '#f7c948', ink: '#ffffff' },
};

/** A small deterministic generator (mulberry32), seeded by the feature id. */
function rng(seed: number): () => number {
  let a = seed * 0x9e3779b9;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function stars(seed: number, n: number, maxY: number): string {
  const rand = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++)
    out += `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * maxY)}" r="${r1(0.6 + rand() * 1.6)}"/>`;
  return `<g fill="#fff" opacity=".8">${out}</g>`;
}

const MOTIFS: Record<number, (p: Palette) => string> = {
  // The Lighthouse Keeper: a lighthouse on a rock, its beam over the sea.
  1: (p) =>
    `${stars(1, 40, 300)}<path d="M200 170 L400 110 L400 230 Z" fill="${p.accent}" opacity=".35"/>` +
    `<path d="M170 420 L182 190 L218 190 L230 420 Z" fill="#f1f1f1"/>` +
    `<path d="M176 300 h48 v22 h-48z M179 240 h42 v18 h-42z" fill="#c0392b"/>` +
    `<rect x="180" y="165" width="40" height="27" rx="4" fill="${p.accent}"/>` +
    `<path d="M174 165 L200 140 L226 165 Z" fill="#222"/>` +
    `<path d="M90 430 Q200 380 310 430 L330 460 H70 Z" fill="#1c2833"/>` +
    `<path d="M0 450 Q100 430 200 450 T400 450 V600 H0 Z" fill="#12355b"/>`,
  // Star Voyagers 3D: a ringed planet, a rocket and red-cyan 3D offsets.
  2: (p) =>
    `${stars(2, 70, 600)}<circle cx="270" cy="200" r="80" fill="#e76f51"/>` +
    `<ellipse cx="270" cy="200" rx="140" ry="26" fill="none" stroke="${p.accent}" stroke-width="8" transform="rotate(-18 270 200)"/>` +
    `<g transform="rotate(35 130 360)"><path d="M130 280 q22 30 22 80 h-44 q0 -50 22 -80z" fill="#eee"/>` +
    `<circle cx="130" cy="325" r="9" fill="#3a86ff"/><path d="M108 360 l-14 24 h14z M152 360 l14 24 h-14z" fill="#e63946"/>` +
    `<path d="M118 362 q12 40 24 0z" fill="${p.accent}"/></g>` +
    `<text x="200" y="470" font-family="Arial,Helvetica,sans-serif" font-size="96" font-weight="900" text-anchor="middle" fill="#00e5ff" opacity=".8">3D</text>` +
    `<text x="206" y="474" font-family="Arial,Helvetica,sans-serif" font-size="96" font-weight="900" text-anchor="middle" fill="#ff1744" opacity=".8">3D</text>`,
  // Summer in Jaffa: a low sun over the sea and the old town's skyline.
  3: (p) =>
    `<circle cx="200" cy="300" r="110" fill="${p.accent}"/>` +
    `<path d="M40 330 h40 v-60 h30 v-30 a15 15 0 0 1 30 0 v30 h20 v60 h40 v-120 h14 v-20 h12 v20 h14 v120 h50 v-50 h50 v50 h60 v40 H40 Z" fill="#5a2a27"/>` +
    `<path d="M0 370 H400 V600 H0 Z" fill="#1d6fa3"/>` +
    `<g stroke="${p.accent}" stroke-width="5" stroke-linecap="round" opacity=".8"><path d="M140 400 h120 M160 425 h80 M180 450 h40"/></g>`,
  // The Midnight Train: a full moon, hills and a lit train on a viaduct.
  4: (p) =>
    `${stars(4, 50, 320)}<circle cx="290" cy="140" r="60" fill="#f4f1de"/>` +
    `<path d="M0 360 Q120 280 240 340 T400 320 V600 H0 Z" fill="#14213d"/>` +
    `<rect x="30" y="380" width="340" height="10" fill="#0b0f1a"/>` +
    `<g fill="#0b0f1a"><rect x="50" y="340" width="90" height="40" rx="6"/><rect x="150" y="340" width="90" height="40" rx="6"/><rect x="250" y="330" width="100" height="50" rx="10"/></g>` +
    `<g fill="${p.accent}"><rect x="60" y="350" width="14" height="12"/><rect x="84" y="350" width="14" height="12"/><rect x="108" y="350" width="14" height="12"/>` +
    `<rect x="160" y="350" width="14" height="12"/><rect x="184" y="350" width="14" height="12"/><rect x="208" y="350" width="14" height="12"/><rect x="320" y="342" width="20" height="14"/></g>` +
    `<g fill="#0b0f1a"><path d="M60 390 v120 h20 v-120z M180 390 v120 h20 v-120z M300 390 v120 h20 v-120z"/></g>`,
  // Noa Levi: a singer's microphone under stage beams.
  5: (p) =>
    `<g fill="${p.accent}" opacity=".22"><path d="M60 0 L200 420 L120 0z"/><path d="M340 0 L200 420 L280 0z"/><path d="M190 0 L200 420 L210 0z"/></g>` +
    `<rect x="176" y="230" width="48" height="80" rx="24" fill="#ddd"/><path d="M182 250 h36 M182 264 h36 M182 278 h36" stroke="#999" stroke-width="3"/>` +
    `<path d="M164 290 a36 36 0 0 0 72 0" fill="none" stroke="#ddd" stroke-width="6"/><rect x="196" y="326" width="8" height="110" fill="#ddd"/>` +
    `<g fill="#14001f"><path d="M0 520 q20 -50 40 0 q20 -60 40 0 q20 -45 40 0 q20 -55 40 0 q20 -50 40 0 q20 -60 40 0 q20 -45 40 0 q20 -55 40 0 q20 -50 40 0 q20 -60 40 0 V600 H0z"/></g>`,
  // Beethoven 9: a score's staff lines and notes rising.
  6: (p) =>
    `<g stroke="${p.accent}" stroke-width="2" opacity=".7"><path d="M30 230 Q200 170 370 230 M30 250 Q200 190 370 250 M30 270 Q200 210 370 270 M30 290 Q200 230 370 290 M30 310 Q200 250 370 310"/></g>` +
    `<g fill="${p.ink}"><ellipse cx="100" cy="262" rx="13" ry="9" transform="rotate(-20 100 262)"/><rect x="110" y="200" width="4" height="60"/>` +
    `<ellipse cx="180" cy="238" rx="13" ry="9" transform="rotate(-20 180 238)"/><rect x="190" y="176" width="4" height="60"/>` +
    `<ellipse cx="260" cy="225" rx="13" ry="9" transform="rotate(-20 260 225)"/><rect x="270" y="163" width="4" height="60"/><path d="M114 200 L274 163 v10 L114 210z"/></g>` +
    `<text x="200" y="430" font-family="Georgia,serif" font-size="150" font-weight="700" text-anchor="middle" fill="${p.accent}" opacity=".9">IX</text>`,
  // Mahler 5: a brass bell and concentric sound rings.
  7: (p) =>
    `<g fill="none" stroke="${p.accent}" stroke-width="3">${[60, 100, 140, 180]
      .map((r, i) => `<circle cx="200" cy="260" r="${r}" opacity="${r1(0.9 - i * 0.2)}"/>`)
      .join('')}</g>` +
    `<path d="M120 330 Q200 300 240 230 L280 190 L300 210 L260 250 Q220 320 120 330z" fill="${p.accent}"/>` +
    `<circle cx="120" cy="318" r="30" fill="${p.accent}"/><circle cx="120" cy="318" r="18" fill="#1b1b2f"/>` +
    `<text x="200" y="420" font-family="Georgia,serif" font-size="100" font-weight="700" text-anchor="middle" fill="${p.ink}" opacity=".9">V</text>`,
  // City Derby: a basketball over the court's key.
  8: (p) =>
    `<g fill="none" stroke="#fff" stroke-width="4" opacity=".5"><path d="M60 600 V430 H340 V600"/><circle cx="200" cy="430" r="60"/><path d="M0 330 H400"/></g>` +
    `<circle cx="200" cy="230" r="95" fill="${p.accent}"/>` +
    `<g fill="none" stroke="#3b1a00" stroke-width="5"><circle cx="200" cy="230" r="95"/><path d="M105 230 H295 M200 135 V325"/>` +
    `<path d="M135 160 Q185 230 135 300 M265 160 Q215 230 265 300"/></g>`,
  // Arena Night: crossing spotlights over a crowd with raised hands.
  9: (p) =>
    `${stars(9, 30, 250)}<g opacity=".3"><path d="M0 600 L160 0 H220z" fill="${p.accent}"/><path d="M400 600 L240 0 H180z" fill="#4cc9f0"/></g>` +
    `<ellipse cx="200" cy="420" rx="150" ry="24" fill="${p.accent}" opacity=".5"/>` +
    `<g fill="#14001f"><path d="M0 600 V470 q25 -40 50 0 l6 -60 l6 60 q25 -45 50 0 q25 -40 50 0 l6 -70 l6 70 q25 -45 50 0 q25 -40 50 0 l6 -55 l6 55 q25 -45 50 0 V600z"/></g>`,
  // Open Mic Comedy Night: a spotlight on a stand mic before a curtain.
  10: (p) =>
    `<g fill="#6a040f"><path d="M0 0 H70 Q60 300 80 600 H0z M400 0 H330 Q340 300 320 600 H400z"/></g>` +
    `<g stroke="#9d0208" stroke-width="6" opacity=".6"><path d="M20 0 Q14 300 24 600 M48 0 Q40 300 52 600 M352 0 Q360 300 348 600 M380 0 Q386 300 376 600"/></g>` +
    `<path d="M200 40 L300 470 H100z" fill="${p.accent}" opacity=".25"/><ellipse cx="200" cy="470" rx="100" ry="18" fill="${p.accent}" opacity=".45"/>` +
    `<rect x="184" y="200" width="32" height="52" rx="16" fill="#ddd"/><rect x="197" y="252" width="6" height="210" fill="#ddd"/>` +
    `<path d="M170 462 h60 l-10 8 h-40z" fill="#ddd"/>`,
  // The Lighthouse Keeper at home: the lighthouse inside a screen with a play button.
  11: (p) =>
    `<rect x="60" y="130" width="280" height="190" rx="14" fill="#0b132b" stroke="#ddd" stroke-width="8"/>` +
    `<path d="M185 320 h30 l10 22 h-50z" fill="#ddd"/>` +
    `<path d="M190 300 L196 190 L214 190 L220 300z" fill="#f1f1f1"/><rect x="194" y="176" width="22" height="15" fill="${p.accent}"/>` +
    `<path d="M205 183 L340 150 V215z" fill="${p.accent}" opacity=".35"/><path d="M64 300 Q200 270 336 300 V316 H64z" fill="#12355b"/>` +
    `<circle cx="200" cy="405" r="40" fill="${p.accent}"/><path d="M189 384 L223 405 L189 426z" fill="#0d1b2a"/>`,
};

/** The jump park's session (seeded by server/seed/jumpPark.ts, not in the catalogue's list). */
const JUMP_FEATURE: FeatureSeed = {
  id: JUMP.feature,
  title: { en: 'Jump session – 60 minutes' },
  category: 'sport',
  language: null,
  dubbing: null,
  subtitles: null,
  durationMinutes: 60,
};

MOTIFS[JUMP.feature] = (p) =>
  `<ellipse cx="200" cy="440" rx="150" ry="30" fill="#0a2a1a" stroke="${p.accent}" stroke-width="8"/>` +
  `<g stroke="#0a2a1a" stroke-width="8"><path d="M80 450 v70 M320 450 v70 M200 470 v60"/></g>` +
  `<g fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="8 10" opacity=".6"><path d="M90 420 Q140 120 200 150 T310 420"/></g>` +
  `<g fill="${p.ink}"><circle cx="200" cy="150" r="22"/><path d="M186 176 h28 l10 70 h-48z"/>` +
  `<path d="M178 186 L130 140 l-8 10 L176 206z M222 186 L270 140 l8 10 L224 206z M182 244 l-26 50 l12 6 l28 -46z M218 244 l26 50 l-12 6 l-28 -46z"/></g>`;

/** The title, split into lines of at most ~16 characters (at a dash first), for the poster's band. */
function titleLines(title: string): string[] {
  const parts = title.split(/\s+[—–]\s+/);
  const lines: string[] = [];
  for (const part of parts) {
    let line = '';
    for (const word of part.split(' ')) {
      if (line && (line + ' ' + word).length > 16) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  return lines.slice(0, 3);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function poster(f: FeatureSeed): string {
  const p = PALETTES[f.category];
  const title = f.title.en ?? '';
  const lines = titleLines(title);
  const size = lines.some((l) => l.length > 13) ? 34 : 40;
  const band = 40 + lines.length * (size + 6);
  const text = lines
    .map(
      (l, i) =>
        `<text x="200" y="${H - band + 44 + i * (size + 6)}" font-size="${size}">${escapeXml(l.toUpperCase())}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/>` +
    `<stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>` +
    `<linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset=".35" stop-color="#000" stop-opacity=".75"/><stop offset="1" stop-color="#000" stop-opacity=".9"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
    (MOTIFS[f.id]?.(p) ?? '') +
    `<rect y="${H - band - 30}" width="${W}" height="${band + 30}" fill="url(#band)"/>` +
    `<g font-family="Arial,Helvetica,sans-serif" font-weight="800" text-anchor="middle" fill="${p.ink}" letter-spacing="1">${text}</g>` +
    `<rect x="10" y="10" width="${W - 20}" height="${H - 20}" fill="none" stroke="${p.accent}" stroke-opacity=".5" stroke-width="2"/>` +
    `</svg>\n`
  );
}

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'posters');
mkdirSync(out, { recursive: true });
for (const f of [...features, JUMP_FEATURE]) {
  const file = join(out, `feature-${f.id}.svg`);
  writeFileSync(file, poster(f));
  console.log(`${file.slice(out.length + 1)} ${poster(f).length} bytes`);
}
