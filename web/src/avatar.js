// Avatars generated from a player's name: the initials on a colour picked by a hash of the
// name, so the same name looks the same on every screen and every machine, with nothing to
// upload. Computer players get a drawn computer instead of initials.
//
// Usage: html`<${Avatar} name=${name} size=${32} />`, or `bot` for a computer player (its
// translated name changes with the language, so it must not decide the colour).

import { h } from "preact";
import htm from "htm";

const html = htm.bind(h);

// Thai vowels written before their consonant (เ แ โ ใ ไ): an initial starts at the consonant.
const LEADING_VOWELS = /^[\u0E40-\u0E44]$/u;

function graphemes(text) {
  if (typeof Intl !== "undefined" && Intl.Segmenter) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

function firstLetter(word) {
  const parts = graphemes(word);
  const first = parts.find((g) => !LEADING_VOWELS.test(g)) ?? parts[0] ?? "";
  return first.toUpperCase();
}

/** The initials of a name: the first letters of its first two words, or of its only word. */
export function initials(name) {
  const words = String(name ?? "")
    .normalize("NFC")
    .trim()
    .split(/[\s_.\-·]+/u)
    .filter(Boolean);
  if (!words.length) return "?";
  if (words.length === 1) return firstLetter(words[0]);
  return firstLetter(words[0]) + firstLetter(words[1]);
}

/** FNV-1a, 32 bits, over the UTF-16 code units of the name (stable across machines). */
export function nameHash(name) {
  const text = String(name ?? "").normalize("NFC").trim().toLowerCase();
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function hslToRgb(hue, sat, light) {
  const s = sat / 100;
  const l = light / 100;
  const k = (n) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((x) => Math.round(x * 255));
}

/** The relative luminance of an sRGB colour (WCAG 2). */
export function luminance([r, g, b]) {
  const lin = (c) => {
    const x = c / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of white text on an sRGB colour. */
export function contrastWithWhite(rgb) {
  return 1.05 / (luminance(rgb) + 0.05);
}

const hex = (rgb) => `#${rgb.map((x) => x.toString(16).padStart(2, "0")).join("")}`;

/**
 * The avatar's background colour for a name: the hue from the hash, darkened until white
 * initials on it reach a 4.5:1 contrast (yellows and greens need more darkening than blues).
 */
export function avatarColor(name) {
  const hash = nameHash(name);
  const hue = hash % 360;
  const sat = 45 + ((hash >>> 9) % 20); // 45..64
  let light = 42;
  let rgb = hslToRgb(hue, sat, light);
  while (contrastWithWhite(rgb) < 4.5 && light > 10) {
    light -= 1;
    rgb = hslToRgb(hue, sat, light);
  }
  return hex(rgb);
}

const COMPUTER = "#3b4a5a";

/**
 * An avatar, decorative (the name is always written next to it, so it is hidden from screen
 * readers). Props: `name`, `size` in px (default 32), `bot` (a computer player).
 */
export function Avatar({ name, size = 32, bot = false, class: extra = "" }) {
  const cls = `avatar${extra ? ` ${extra}` : ""}`;
  if (bot) {
    return html`<svg class=${cls} data-testid="avatar" data-bot="true" width=${size} height=${size}
      viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill=${COMPUTER} />
      <rect x="10" y="11" width="20" height="14" rx="2.5" fill="#d8e2ec" />
      <rect x="13" y="14" width="14" height="8" rx="1" fill="#1d2935" />
      <circle cx="17" cy="18" r="1.4" fill="#7fe0a0" />
      <circle cx="23" cy="18" r="1.4" fill="#7fe0a0" />
      <path d="M16 29 h8 M20 25 v4" stroke="#d8e2ec" stroke-width="2" stroke-linecap="round" />
    </svg>`;
  }
  const letters = initials(name);
  return html`<svg class=${cls} data-testid="avatar" data-initials=${letters} width=${size} height=${size}
    viewBox="0 0 40 40" aria-hidden="true" focusable="false">
    <circle cx="20" cy="20" r="20" fill=${avatarColor(name)} />
    <text x="20" y="20" dy="0.36em" text-anchor="middle" fill="#fff" font-weight="700"
      font-size=${letters.length > 1 ? 15 : 19} class="avatar-text">${letters}</text>
  </svg>`;
}
