#!/usr/bin/env node
// Generates every raster image under apps/web/public from SVG drawn here, so the
// artwork is ours, reproducible and reviewable as code. Run: `node apps/web/scripts/generate-images.mjs`.
// Output is committed; re-running with the same seed produces the same pictures.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

// Small deterministic PRNG (mulberry32): the same seed always draws the same picture.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const between = (rand, min, max) => min + rand() * (max - min);

// Studio palette: night blues with electric accents (matches the site's blue backdrop).
const PALETTES = [
  { bg: ['#0b1220', '#1e3a8a'], accents: ['#38bdf8', '#818cf8', '#22d3ee', '#f472b6'] },
  { bg: ['#0f172a', '#312e81'], accents: ['#a78bfa', '#60a5fa', '#34d399', '#fbbf24'] },
  { bg: ['#052e3b', '#0e7490'], accents: ['#67e8f9', '#a5f3fc', '#facc15', '#f0abfc'] },
  { bg: ['#1e1b4b', '#7c3aed'], accents: ['#c4b5fd', '#f9a8d4', '#5eead4', '#93c5fd'] },
  { bg: ['#111827', '#1d4ed8'], accents: ['#93c5fd', '#fcd34d', '#6ee7b7', '#fda4af'] },
  { bg: ['#0c0a09', '#0f766e'], accents: ['#5eead4', '#fde68a', '#a5b4fc', '#fb7185'] },
];

function gradientDefs(id, [from, to], angle = 1) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${angle}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

// Rows of rounded bars that read as source code (indentation, "syntax" colours).
function codeLines(rand, { x, y, width, lines, lineHeight, accents, opacity = 0.85 }) {
  let out = '';
  let indent = 0;
  for (let i = 0; i < lines; i++) {
    const ly = y + i * lineHeight;
    if (rand() < 0.12) {
      indent = Math.max(0, indent - 1);
      continue; // blank line
    }
    let cx = x + indent * lineHeight * 1.4;
    const tokens = 1 + Math.floor(rand() * 4);
    for (let t = 0; t < tokens && cx < x + width; t++) {
      const w = Math.min(between(rand, lineHeight * 1.2, lineHeight * 5), x + width - cx);
      if (w < 4) break;
      const fill = t === 0 ? pick(rand, accents) : rand() < 0.5 ? '#e2e8f0' : pick(rand, accents);
      out += `<rect x="${cx.toFixed(1)}" y="${(ly - lineHeight * 0.28).toFixed(1)}" width="${w.toFixed(1)}" height="${(lineHeight * 0.56).toFixed(1)}" rx="${(lineHeight * 0.28).toFixed(1)}" fill="${fill}" opacity="${(opacity * between(rand, 0.55, 1)).toFixed(2)}"/>`;
      cx += w + lineHeight * 0.5;
    }
    if (rand() < 0.3) indent = Math.min(4, indent + 1);
    else if (rand() < 0.2) indent = Math.max(0, indent - 1);
  }
  return out;
}

function windowFrame({ x, y, width, height, radius = 14, fill = '#0b1120', opacity = 0.78 }) {
  const dots = ['#f87171', '#fbbf24', '#34d399']
    .map((c, i) => `<circle cx="${x + 18 + i * 16}" cy="${y + 16}" r="5" fill="${c}"/>`)
    .join('');
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="${fill}" opacity="${opacity}" stroke="#ffffff" stroke-opacity="0.12"/>${dots}<rect x="${x}" y="${y + 32}" width="${width}" height="1" fill="#ffffff" opacity="0.1"/>`;
}

function grid(width, height, step, opacity = 0.08) {
  let out = '';
  for (let x = step; x < width; x += step)
    out += `<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="#fff" stroke-opacity="${opacity}"/>`;
  for (let y = step; y < height; y += step)
    out += `<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="#fff" stroke-opacity="${opacity}"/>`;
  return out;
}

function blobs(rand, width, height, accents, count, maxR) {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${between(rand, 0, width).toFixed(0)}" cy="${between(rand, 0, height).toFixed(0)}" r="${between(rand, maxR * 0.4, maxR).toFixed(0)}" fill="${pick(rand, accents)}" opacity="${between(rand, 0.12, 0.3).toFixed(2)}" filter="url(#blur)"/>`;
  }
  return out;
}

const blurDef = (sd) =>
  `<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;

// ---- home strips: 18 compositions of five kinds ---------------------------------------

const STRIP_KINDS = ['editor', 'shapes', 'terminal', 'nodes', 'bars', 'layout'];

function stripSvg(index) {
  const rand = rng(1000 + index * 7919);
  // palette and kind cycle with different periods so no two strips look alike
  const palette = PALETTES[(index + Math.floor(index / STRIP_KINDS.length) * 2) % PALETTES.length];
  const kind = STRIP_KINDS[index % STRIP_KINDS.length];
  const height = 224;
  const width = pick(rand, [300, 336, 360, 400]);
  const { accents } = palette;
  let body = '';
  if (kind === 'editor') {
    body += windowFrame({ x: 16, y: 18, width: width - 32, height: height - 36 });
    body += codeLines(rand, {
      x: 34,
      y: 70,
      width: width - 80,
      lines: 9,
      lineHeight: 15,
      accents,
    });
  } else if (kind === 'shapes') {
    body += grid(width, height, 28, 0.07);
    for (let i = 0; i < 7; i++) {
      const cx = between(rand, 20, width - 20);
      const cy = between(rand, 20, height - 20);
      const size = between(rand, 24, 90);
      const fill = pick(rand, accents);
      const shape = Math.floor(rand() * 3);
      if (shape === 0)
        body += `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${(size / 2).toFixed(0)}" fill="${fill}" opacity="0.75"/>`;
      else if (shape === 1)
        body += `<rect x="${(cx - size / 2).toFixed(0)}" y="${(cy - size / 2).toFixed(0)}" width="${size.toFixed(0)}" height="${size.toFixed(0)}" rx="${(size / 5).toFixed(0)}" fill="none" stroke="${fill}" stroke-width="5" transform="rotate(${between(rand, -30, 30).toFixed(0)} ${cx.toFixed(0)} ${cy.toFixed(0)})"/>`;
      else
        body += `<path d="M${cx.toFixed(0)} ${(cy - size / 2).toFixed(0)} L${(cx + size / 2).toFixed(0)} ${(cy + size / 2).toFixed(0)} L${(cx - size / 2).toFixed(0)} ${(cy + size / 2).toFixed(0)} Z" fill="${fill}" opacity="0.6"/>`;
    }
  } else if (kind === 'terminal') {
    body += windowFrame({ x: 14, y: 14, width: width - 28, height: height - 28, fill: '#020617' });
    for (let i = 0; i < 8; i++) {
      const y = 66 + i * 17;
      body += `<path d="M34 ${y - 5} l6 5 -6 5" fill="none" stroke="${accents[0]}" stroke-width="2.5" stroke-linecap="round"/>`;
      body += `<rect x="48" y="${y - 4}" width="${between(rand, 40, width - 110).toFixed(0)}" height="8" rx="4" fill="${i % 3 === 2 ? accents[2] : '#cbd5e1'}" opacity="0.8"/>`;
    }
    body += `<rect x="48" y="${66 + 8 * 17 - 6}" width="10" height="14" fill="${accents[0]}"/>`;
  } else if (kind === 'nodes') {
    const points = Array.from({ length: 9 }, () => [
      between(rand, 24, width - 24),
      between(rand, 24, height - 24),
    ]);
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const [ax, ay] = points[i];
        const [bx, by] = points[j];
        if (Math.hypot(ax - bx, ay - by) < 150)
          body += `<line x1="${ax.toFixed(0)}" y1="${ay.toFixed(0)}" x2="${bx.toFixed(0)}" y2="${by.toFixed(0)}" stroke="${accents[1]}" stroke-opacity="0.55" stroke-width="2"/>`;
      }
    }
    for (const [x, y] of points)
      body += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${between(rand, 6, 14).toFixed(0)}" fill="${pick(rand, accents)}" stroke="#0f172a" stroke-width="3"/>`;
  } else if (kind === 'bars') {
    const count = 12;
    const barW = (width - 48) / count;
    for (let i = 0; i < count; i++) {
      const h = between(rand, 30, height - 70);
      body += `<rect x="${(24 + i * barW + 3).toFixed(1)}" y="${(height - 24 - h).toFixed(0)}" width="${(barW - 6).toFixed(1)}" height="${h.toFixed(0)}" rx="4" fill="${i % 4 === 0 ? accents[3] : accents[i % 2]}" opacity="0.8"/>`;
    }
    let d = 'M24 ';
    for (let i = 0; i <= count; i++)
      d += `${(24 + i * barW).toFixed(0)} ${between(rand, 40, 110).toFixed(0)} `;
    body += `<path d="${d.replace('M24 ', 'M')}" fill="none" stroke="#f8fafc" stroke-width="3" stroke-linejoin="round" opacity="0.85"/>`;
  } else {
    body += windowFrame({ x: 16, y: 16, width: width - 32, height: height - 32, fill: '#0f172a' });
    body += `<rect x="32" y="62" width="${width - 64}" height="52" rx="10" fill="url(#g1)" opacity="0.9"/>`;
    const cols = 3;
    const cw = (width - 64 - (cols - 1) * 10) / cols;
    for (let c = 0; c < cols; c++) {
      body += `<rect x="${(32 + c * (cw + 10)).toFixed(0)}" y="126" width="${cw.toFixed(0)}" height="66" rx="10" fill="#1e293b" stroke="${accents[c]}" stroke-opacity="0.6"/>`;
      body += `<rect x="${(42 + c * (cw + 10)).toFixed(0)}" y="138" width="${(cw * 0.6).toFixed(0)}" height="8" rx="4" fill="${accents[c]}"/>`;
      body += `<rect x="${(42 + c * (cw + 10)).toFixed(0)}" y="154" width="${(cw * 0.8).toFixed(0)}" height="6" rx="3" fill="#94a3b8"/>`;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${gradientDefs('bg', palette.bg, rand())}${gradientDefs('g1', [accents[0], accents[1]], 1)}${blurDef(24)}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${blobs(rand, width, height, accents, 3, 80)}${body}</svg>`;
  return { svg, width, height };
}

// ---- project slides: 1200x600, text sits on the left so detail goes right -----------------

function projectSvg(id) {
  const rand = rng(5000 + id * 104729);
  const palette = PALETTES[(id + 2) % PALETTES.length];
  const { accents } = palette;
  const W = 1200;
  const H = 600;
  let body = grid(W, H, 48, 0.05) + blobs(rand, W, H, accents, 6, 220);
  const rightX = 640;
  if (id === 1) {
    // studio website: a browser with hero, cards and a strip of tiles
    body += windowFrame({
      x: rightX,
      y: 70,
      width: 500,
      height: 440,
      fill: '#0b1120',
      opacity: 0.85,
    });
    body += `<rect x="${rightX + 30}" y="130" width="440" height="120" rx="16" fill="url(#g1)"/>`;
    body += `<rect x="${rightX + 60}" y="160" width="220" height="18" rx="9" fill="#fff" opacity="0.9"/><rect x="${rightX + 60}" y="190" width="160" height="12" rx="6" fill="#fff" opacity="0.6"/><rect x="${rightX + 60}" y="215" width="90" height="22" rx="11" fill="#0f172a" opacity="0.7"/>`;
    for (let c = 0; c < 3; c++) {
      body += `<rect x="${rightX + 30 + c * 150}" y="270" width="140" height="110" rx="14" fill="#1e293b" stroke="${accents[c]}" stroke-opacity="0.7"/><circle cx="${rightX + 58 + c * 150}" cy="300" r="12" fill="${accents[c]}"/><rect x="${rightX + 46 + c * 150}" y="328" width="100" height="8" rx="4" fill="#cbd5e1"/><rect x="${rightX + 46 + c * 150}" y="344" width="70" height="8" rx="4" fill="#64748b"/>`;
    }
    for (let c = 0; c < 6; c++)
      body += `<rect x="${rightX + 30 + c * 75}" y="400" width="65" height="84" rx="10" fill="${accents[c % 4]}" opacity="0.35"/>`;
  } else if (id === 2) {
    // webmail: folder list, message list and an envelope
    body += windowFrame({
      x: rightX - 40,
      y: 70,
      width: 560,
      height: 450,
      fill: '#0b1120',
      opacity: 0.85,
    });
    body += `<rect x="${rightX - 40}" y="102" width="130" height="418" fill="#111827" opacity="0.9"/>`;
    for (let i = 0; i < 6; i++)
      body += `<rect x="${rightX - 24}" y="${126 + i * 34}" width="${between(rand, 60, 96).toFixed(0)}" height="10" rx="5" fill="${i === 0 ? accents[0] : '#64748b'}"/>`;
    for (let i = 0; i < 7; i++) {
      const y = 120 + i * 54;
      body += `<rect x="${rightX + 106}" y="${y}" width="396" height="44" rx="10" fill="${i === 1 ? '#1e3a8a' : '#1e293b'}" opacity="0.9"/><circle cx="${rightX + 130}" cy="${y + 22}" r="12" fill="${pick(rand, accents)}"/><rect x="${rightX + 152}" y="${y + 11}" width="${between(rand, 100, 200).toFixed(0)}" height="9" rx="4" fill="#e2e8f0"/><rect x="${rightX + 152}" y="${y + 26}" width="${between(rand, 150, 320).toFixed(0)}" height="7" rx="3" fill="#64748b"/>`;
    }
    body += `<g transform="translate(1000 430) rotate(-12)"><rect x="-80" y="-52" width="160" height="104" rx="12" fill="${accents[1]}"/><path d="M-80 -44 0 12 80 -44" fill="none" stroke="#0f172a" stroke-width="8" stroke-linejoin="round"/></g>`;
  } else if (id === 3) {
    // programming language: big editor, a lambda-like glyph and a parse tree
    body += windowFrame({
      x: rightX - 20,
      y: 60,
      width: 540,
      height: 470,
      fill: '#020617',
      opacity: 0.88,
    });
    for (let i = 0; i < 18; i++)
      body += `<rect x="${rightX - 4}" y="${108 + i * 22}" width="18" height="8" rx="3" fill="#475569" opacity="0.6"/>`;
    body += codeLines(rand, {
      x: rightX + 30,
      y: 112,
      width: 450,
      lines: 18,
      lineHeight: 22,
      accents,
    });
    body += `<g transform="translate(1090 110)" opacity="0.95"><circle r="58" fill="url(#g1)"/><path d="M-22 -30 22 30 M0 0 -22 30" stroke="#0f172a" stroke-width="10" stroke-linecap="round" fill="none"/></g>`;
  } else if (id === 4) {
    // UI library: a grid of components (buttons, toggles, sliders, cards)
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++) {
        const x = rightX - 60 + c * 140;
        const y = 70 + r * 118;
        const accent = accents[(r + c) % 4];
        body += `<rect x="${x}" y="${y}" width="124" height="104" rx="16" fill="#0f172a" opacity="0.8" stroke="${accent}" stroke-opacity="0.5"/>`;
        const kind = (r * 4 + c) % 4;
        if (kind === 0)
          body += `<rect x="${x + 18}" y="${y + 38}" width="88" height="28" rx="14" fill="${accent}"/>`;
        else if (kind === 1)
          body += `<rect x="${x + 32}" y="${y + 38}" width="60" height="28" rx="14" fill="#334155"/><circle cx="${x + 78}" cy="${y + 52}" r="11" fill="${accent}"/>`;
        else if (kind === 2)
          body += `<rect x="${x + 16}" y="${y + 50}" width="92" height="6" rx="3" fill="#334155"/><rect x="${x + 16}" y="${y + 50}" width="${between(rand, 30, 80).toFixed(0)}" height="6" rx="3" fill="${accent}"/><circle cx="${x + 60}" cy="${y + 53}" r="10" fill="#f8fafc"/>`;
        else
          body += `<rect x="${x + 18}" y="${y + 22}" width="88" height="40" rx="8" fill="${accent}" opacity="0.4"/><rect x="${x + 18}" y="${y + 72}" width="60" height="8" rx="4" fill="#cbd5e1"/>`;
      }
    }
  } else if (id === 5) {
    // roleplay community: an abstract night city with lit windows and a chat bubble
    body += `<circle cx="1020" cy="150" r="70" fill="#fde68a" opacity="0.9"/>`;
    let x = rightX - 120;
    while (x < W) {
      const w = between(rand, 50, 110);
      const h = between(rand, 150, 380);
      body += `<rect x="${x.toFixed(0)}" y="${(H - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="#0b1120" opacity="0.92"/>`;
      for (let wy = H - h + 16; wy < H - 16; wy += 22) {
        for (let wx = x + 10; wx < x + w - 14; wx += 18) {
          if (rand() < 0.35)
            body += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="8" height="10" fill="${pick(rand, accents)}" opacity="0.85"/>`;
        }
      }
      x += w + 6;
    }
    body += `<g transform="translate(760 120)"><rect width="200" height="76" rx="20" fill="${accents[0]}" opacity="0.95"/><path d="M30 76 22 100 58 76Z" fill="${accents[0]}"/><rect x="24" y="22" width="120" height="10" rx="5" fill="#0f172a"/><rect x="24" y="42" width="150" height="10" rx="5" fill="#0f172a" opacity="0.6"/></g>`;
  } else {
    // game server: racks with status lights, a terminal and a radar
    for (let r = 0; r < 3; r++) {
      const x = rightX - 40 + r * 130;
      body += `<rect x="${x}" y="90" width="112" height="420" rx="12" fill="#0b1120" opacity="0.9" stroke="#334155"/>`;
      for (let u = 0; u < 9; u++) {
        body += `<rect x="${x + 10}" y="${104 + u * 44}" width="92" height="34" rx="6" fill="#1e293b"/><circle cx="${x + 24}" cy="${121 + u * 44}" r="5" fill="${rand() < 0.8 ? '#34d399' : '#fbbf24'}"/><rect x="${x + 38}" y="${118 + u * 44}" width="52" height="6" rx="3" fill="#475569"/>`;
      }
    }
    body += `<g transform="translate(1060 200)"><circle r="110" fill="none" stroke="${accents[0]}" stroke-opacity="0.5" stroke-width="3"/><circle r="70" fill="none" stroke="${accents[0]}" stroke-opacity="0.4" stroke-width="3"/><circle r="30" fill="none" stroke="${accents[0]}" stroke-opacity="0.4" stroke-width="3"/><path d="M0 0 L110 0 A110 110 0 0 0 78 -78 Z" fill="${accents[0]}" opacity="0.35"/><circle cx="40" cy="-50" r="7" fill="${accents[3]}"/><circle cx="-60" cy="30" r="7" fill="${accents[2]}"/></g>`;
    body += windowFrame({
      x: 1000,
      y: 360,
      width: 180,
      height: 150,
      fill: '#020617',
      opacity: 0.9,
    });
    body += codeLines(rand, { x: 1014, y: 410, width: 150, lines: 5, lineHeight: 18, accents });
  }
  // darker band on the left so the slide's text stays readable over the picture
  const shade = `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#020617" stop-opacity="0.7"/><stop offset="0.55" stop-color="#020617" stop-opacity="0"/></linearGradient>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${gradientDefs('bg', palette.bg, 0.6)}${gradientDefs('g1', [accents[0], accents[1]], 1)}${shade}${blurDef(60)}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${body}<rect width="${W}" height="${H}" fill="url(#shade)"/></svg>`;
  return svg;
}

// ---- team avatars: illustrated busts made of simple shapes ------------------------------

const AVATARS = [
  {
    slug: 'jakub-nowicki',
    bg: ['#1d4ed8', '#22d3ee'],
    skin: '#f2c6a0',
    hair: '#3f2a1d',
    shirt: '#0f172a',
    accent: '#38bdf8',
    hairPath:
      'M170 210 C170 120 342 120 342 210 C330 170 300 160 256 162 C212 160 182 170 170 210 Z',
    glasses: true,
  },
  {
    slug: 'zofia-markiewicz',
    bg: ['#7c3aed', '#f472b6'],
    skin: '#f6d2b8',
    hair: '#b45309',
    shirt: '#1e1b4b',
    accent: '#f9a8d4',
    hairPath:
      'M160 230 C150 110 362 110 352 230 L360 330 C340 300 330 260 332 220 C300 180 212 180 180 220 C182 260 172 300 152 330 Z',
    glasses: false,
  },
];

function avatarSvg(a) {
  const glasses = a.glasses
    ? `<g fill="none" stroke="#0f172a" stroke-width="7"><rect x="196" y="214" width="50" height="38" rx="12"/><rect x="266" y="214" width="50" height="38" rx="12"/><path d="M246 230 h20"/></g>`
    : `<circle cx="221" cy="234" r="8" fill="#1f2937"/><circle cx="291" cy="234" r="8" fill="#1f2937"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><defs>${gradientDefs('bg', a.bg, 1)}<clipPath id="c"><rect width="512" height="512"/></clipPath></defs><g clip-path="url(#c)"><rect width="512" height="512" fill="url(#bg)"/>${grid(512, 512, 32, 0.08)}<circle cx="410" cy="100" r="60" fill="#fff" opacity="0.12"/><circle cx="90" cy="420" r="90" fill="#fff" opacity="0.08"/><path d="M96 512 C96 400 170 350 256 350 C342 350 416 400 416 512 Z" fill="${a.shirt}"/><path d="M214 350 L256 400 L298 350 Z" fill="${a.accent}"/><rect x="226" y="300" width="60" height="60" rx="20" fill="${a.skin}"/><ellipse cx="256" cy="236" rx="88" ry="100" fill="${a.skin}"/><path d="${a.hairPath}" fill="${a.hair}"/>${glasses}<path d="M232 290 Q256 306 280 290" fill="none" stroke="#7f1d1d" stroke-width="6" stroke-linecap="round"/><path d="M150 470 h40 M150 486 h70 M322 470 h40 M300 486 h62" stroke="${a.accent}" stroke-width="8" stroke-linecap="round" opacity="0.8"/></g></svg>`;
}

// ---- brand emblem: a rounded hexagon holding a bracket pair and a spark ------------------

function emblemSvg(size, { padded = false } = {}) {
  // Drawn on a 64-unit grid; `padded` adds a solid tile for icons that must not be transparent.
  const tile = padded ? '<rect width="64" height="64" fill="#0b1220"/>' : '';
  const scale = padded ? 0.78 : 1;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-labelledby="emblem-title"><title id="emblem-title">Nasze Studio</title><defs><linearGradient id="em" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#38bdf8"/><stop offset="0.55" stop-color="#6366f1"/><stop offset="1" stop-color="#a855f7"/></linearGradient></defs>${tile}<g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M32 3 L57 17.5 V46.5 L32 61 L7 46.5 V17.5 Z" fill="url(#em)" stroke="#e0f2fe" stroke-opacity="0.35" stroke-width="1.5" stroke-linejoin="round"/><path d="M24 22 L15 32 L24 42 M40 22 L49 32 L40 42" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/><path d="M32 24 L34.2 29.8 L40 32 L34.2 34.2 L32 40 L29.8 34.2 L24 32 L29.8 29.8 Z" fill="#fef3c7"/></g></svg>`;
}

function ogSvg() {
  const rand = rng(424242);
  const W = 1200;
  const H = 630;
  const { accents } = PALETTES[0];
  const emblem = emblemSvg(220)
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${gradientDefs('bg', ['#020617', '#1e3a8a'], 0.8)}${blurDef(70)}<linearGradient id="txt" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#c4b5fd"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${grid(W, H, 50, 0.06)}${blobs(rand, W, H, accents, 6, 240)}<g transform="translate(110 205) scale(3.44)">${emblem}</g><text x="420" y="290" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="50" fill="url(#txt)">Studio programistyczne</text><text x="420" y="360" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#e2e8f0">Strony, aplikacje i serwery gier</text>${windowFrame({ x: 420, y: 400, width: 660, height: 150, fill: '#020617', opacity: 0.7 })}${codeLines(rand, { x: 440, y: 450, width: 620, lines: 5, lineHeight: 20, accents })}</svg>`;
}

// ---- writing ----------------------------------------------------------------------------

const written = [];
async function out(relPath, pipeline) {
  const file = join(publicDir, relPath);
  await mkdir(dirname(file), { recursive: true });
  const info = await pipeline.toFile(file);
  written.push([relPath, info.size]);
}
const fromSvg = (svg, density = 72) => sharp(Buffer.from(svg), { density });

for (let i = 1; i <= 18; i++) {
  const { svg } = stripSvg(i);
  const name = String(i).padStart(2, '0');
  await out(`images/strips/${name}.webp`, fromSvg(svg).webp({ quality: 72, effort: 6 }));
  // 2x: rasterise the vector at double density instead of upscaling the 1x bitmap
  await out(`images/strips/${name}@2x.webp`, fromSvg(svg, 144).webp({ quality: 62, effort: 6 }));
}

for (let id = 1; id <= 6; id++) {
  const svg = projectSvg(id);
  await out(`images/projects/${id}.webp`, fromSvg(svg).webp({ quality: 74, effort: 6 }));
  await out(
    `images/projects/${id}-640.webp`,
    fromSvg(svg).resize(640, 320).webp({ quality: 72, effort: 6 }),
  );
}

for (const avatar of AVATARS) {
  const svg = avatarSvg(avatar);
  await out(`images/team/${avatar.slug}.webp`, fromSvg(svg).webp({ quality: 80, effort: 6 }));
  await out(
    `images/team/${avatar.slug}-256.webp`,
    fromSvg(svg).resize(256, 256).webp({ quality: 80, effort: 6 }),
  );
}

await writeFile(join(publicDir, 'favicon.svg'), `${emblemSvg(64)}\n`);
written.push(['favicon.svg', Buffer.byteLength(emblemSvg(64))]);
await out('favicon-32.png', fromSvg(emblemSvg(32), 72).png({ compressionLevel: 9 }));
await out(
  'apple-touch-icon.png',
  fromSvg(emblemSvg(180, { padded: true })).png({ compressionLevel: 9 }),
);
await out(
  'og-image.png',
  fromSvg(ogSvg()).png({ compressionLevel: 9, palette: true, quality: 90 }),
);

let stripTotal = 0;
for (const [path, size] of written) {
  if (/strips\/\d\d\.webp$/.test(path)) stripTotal += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${path}`);
}
console.log(`home strips at 1x: ${(stripTotal / 1024).toFixed(1)} KB in total`);
