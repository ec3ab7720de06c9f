// The Spanish deck as our own SVG art, built from simple shapes at run time.
//
// Card ids follow the rules core: id = suit * 5 + rank, suits O C E B (oros, copas, espadas,
// bastos) = 0..3, ranks A 3 R C S = 0..4. Every face carries the rank index (the only text in
// the art: the letters A, 3, R, C, S, or the traditional numbers 1, 3, 12, 11, 10 when the
// player chose them) and a suit mark whose SHAPE tells the suit (coin, cup, sword, club), so
// nothing depends on colour alone. As in the traditional Spanish deck, the frame line has
// "pintas" (breaks) that also tell the suit: none for oros, one for copas, two for espadas,
// three for bastos. The figures hold their suit's object, each suit in its own pose, and
// wear the suit's colour with its own trim, so no two figures are alike.

export const SUITS = ["O", "C", "E", "B"];
export const RANKS = ["A", "3", "R", "C", "S"];
export const SUIT_KEYS = ["oros", "copas", "espadas", "bastos"];
export const RANK_KEYS = ["as", "tres", "rey", "caballo", "sota"];
export const RANK_POINTS = [11, 10, 4, 3, 2];
/** The corner indices of the traditional Spanish deck (as 1, tres 3, rey 12, caballo 11, sota 10). */
export const RANK_NUMBERS = ["1", "3", "12", "11", "10"];
export const INDEX_STYLES = ["letters", "numbers"];

let indexStyle = "letters";

/** Which corner indices the faces carry: "letters" (A 3 R C S) or "numbers" (1 3 12 11 10). */
export function setIndexStyle(style) {
  indexStyle = INDEX_STYLES.includes(style) ? style : "letters";
}

export function getIndexStyle() {
  return indexStyle;
}

/** The corner index of a card id in `style` (default: the current style). */
export function rankIndex(id, style = indexStyle) {
  return (style === "numbers" ? RANK_NUMBERS : RANKS)[cardRank(id)];
}

/** Ink colours per suit, dark enough for the index text on the cream card (contrast >= 4.5). */
export const SUIT_INK = ["#8a5a00", "#b3261e", "#1d4f91", "#2f6b2f"];
const SUIT_FILL = ["#e2a91f", "#d23b2f", "#2f6fc4", "#3f8f3a"];
const SUIT_DARK = ["#7a4b00", "#6d1410", "#153a6e", "#1e4d1e"];
const SKIN = "#f3cfa6";
const WOOD = "#9a6332";

export function cardSuit(id) {
  return Math.floor(id / 5);
}
export function cardRank(id) {
  return id % 5;
}
export function cardCode(id) {
  return RANKS[cardRank(id)] + SUITS[cardSuit(id)];
}
/** Parse "RO" (rank then suit, case-insensitive) or pass an integer id through. */
export function cardId(value) {
  if (typeof value === "number") return value;
  const text = String(value).toUpperCase();
  const rank = RANKS.indexOf(text[0]);
  const suit = SUITS.indexOf(text[1]);
  if (text.length !== 2 || rank < 0 || suit < 0) throw new Error(`bad card ${value}`);
  return suit * 5 + rank;
}

// ---- suit symbols, each drawn in a box about -50..50 around the origin -------------------------

function coin(i) {
  const dots = [];
  for (let k = 0; k < 12; k++) {
    const a = (k * Math.PI) / 6;
    dots.push(
      `<circle cx="${(38 * Math.cos(a)).toFixed(1)}" cy="${(38 * Math.sin(a)).toFixed(1)}" r="2.6" fill="${SUIT_DARK[i]}"/>`,
    );
  }
  const star = [];
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8 - Math.PI / 2;
    const r = k % 2 ? 9 : 24;
    star.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
  }
  return (
    `<circle r="46" fill="${SUIT_FILL[0]}" stroke="${SUIT_DARK[0]}" stroke-width="4"/>` +
    `<circle r="32" fill="#f3c94a" stroke="${SUIT_DARK[0]}" stroke-width="2.5"/>` +
    dots.join("") +
    `<polygon points="${star.join(" ")}" fill="${SUIT_FILL[0]}" stroke="${SUIT_DARK[0]}" stroke-width="2"/>` +
    `<circle r="6" fill="${SUIT_DARK[0]}"/>`
  );
}

function cup() {
  const d = SUIT_DARK[1];
  return (
    `<path d="M-36 -36 C-36 -4 -16 8 -7 10 L7 10 C16 8 36 -4 36 -36 Z" fill="${SUIT_FILL[1]}" stroke="${d}" stroke-width="3.5" stroke-linejoin="round"/>` +
    `<ellipse cy="-36" rx="36" ry="9" fill="#f4b63f" stroke="${d}" stroke-width="3.5"/>` +
    `<ellipse cy="-36" rx="26" ry="5" fill="${d}"/>` +
    `<path d="M-30 -18 Q0 -8 30 -18" fill="none" stroke="#f4b63f" stroke-width="4"/>` +
    `<rect x="-5" y="9" width="10" height="20" fill="#f4b63f" stroke="${d}" stroke-width="3"/>` +
    `<ellipse cy="19" rx="11" ry="5.5" fill="${SUIT_FILL[1]}" stroke="${d}" stroke-width="3"/>` +
    `<path d="M-27 46 C-22 34 -10 30 -6 28 L6 28 C10 30 22 34 27 46 Z" fill="${SUIT_FILL[1]}" stroke="${d}" stroke-width="3.5" stroke-linejoin="round"/>`
  );
}

function sword() {
  const d = SUIT_DARK[2];
  return (
    `<path d="M0 -50 L7 -38 L7 20 L-7 20 L-7 -38 Z" fill="#dfe7f2" stroke="${d}" stroke-width="3" stroke-linejoin="round"/>` +
    `<line x1="0" y1="-40" x2="0" y2="16" stroke="${d}" stroke-width="2"/>` +
    `<path d="M-26 18 Q-30 24 -24 29 L24 29 Q30 24 26 18 Z" fill="${SUIT_FILL[2]}" stroke="${d}" stroke-width="3" stroke-linejoin="round"/>` +
    `<circle cx="-28" cy="23" r="4.5" fill="${SUIT_FILL[2]}" stroke="${d}" stroke-width="2.5"/>` +
    `<circle cx="28" cy="23" r="4.5" fill="${SUIT_FILL[2]}" stroke="${d}" stroke-width="2.5"/>` +
    `<rect x="-5" y="29" width="10" height="13" fill="${SUIT_FILL[2]}" stroke="${d}" stroke-width="2.5"/>` +
    `<circle cy="46" r="6.5" fill="#f4b63f" stroke="${d}" stroke-width="2.5"/>`
  );
}

function club() {
  const d = SUIT_DARK[3];
  return (
    `<path d="M-7 47 L-15 -26 C-18 -48 18 -48 15 -26 L7 47 Z" fill="${WOOD}" stroke="#4a2c10" stroke-width="3.5" stroke-linejoin="round"/>` +
    `<path d="M-13 -8 L-24 -16 L-22 -4 Z" fill="${WOOD}" stroke="#4a2c10" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M12 12 L24 4 L21 17 Z" fill="${WOOD}" stroke="#4a2c10" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<ellipse cx="-3" cy="-28" rx="4" ry="6" fill="#6b3f18"/>` +
    `<ellipse cx="4" cy="-4" rx="3" ry="5" fill="#6b3f18"/>` +
    `<ellipse cx="-2" cy="22" rx="3" ry="4.5" fill="#6b3f18"/>` +
    `<path d="M-24 -16 C-38 -22 -40 -34 -30 -38 C-26 -28 -24 -22 -24 -16 Z" fill="${SUIT_FILL[3]}" stroke="${d}" stroke-width="2.5"/>` +
    `<path d="M24 4 C38 -2 42 -14 33 -20 C28 -10 25 -4 24 4 Z" fill="${SUIT_FILL[3]}" stroke="${d}" stroke-width="2.5"/>`
  );
}

const SYMBOLS = [coin, cup, sword, club];

/** The suit mark as an SVG group centred at (x, y), scaled so it is about 100 * s units wide. */
export function suitMark(suit, x, y, s, rotate = 0) {
  const r = rotate ? ` rotate(${rotate})` : "";
  return `<g transform="translate(${x} ${y}) scale(${s})${r}">${SYMBOLS[suit](suit)}</g>`;
}

/** A stand-alone SVG of a suit mark (used for the trump badge and the suit pickers). */
export function suitIcon(suit) {
  return `<svg class="suit-icon" viewBox="-52 -52 104 104" aria-hidden="true" focusable="false">${SYMBOLS[suit](suit)}</svg>`;
}

// ---- faces ---------------------------------------------------------------------------------------

const W = 120;
const H = 180;

function frame(suit) {
  // The frame line with its "pintas": 0..3 breaks on the top and bottom edges.
  const ink = SUIT_INK[suit];
  const x0 = 9;
  const x1 = W - 9;
  const breaks = suit; // oros 0, copas 1, espadas 2, bastos 3
  const segs = [];
  const edge = (y) => {
    if (breaks === 0) {
      segs.push(`M${x0} ${y} H${x1}`);
      return;
    }
    const gap = 7;
    const len = (x1 - x0 - gap * breaks) / (breaks + 1);
    let x = x0;
    for (let k = 0; k <= breaks; k++) {
      segs.push(`M${x.toFixed(1)} ${y} h${len.toFixed(1)}`);
      x += len + gap;
    }
  };
  edge(9);
  edge(H - 9);
  segs.push(`M${x0} 9 V${H - 9}`, `M${x1} 9 V${H - 9}`);
  return `<path d="${segs.join(" ")}" fill="none" stroke="${ink}" stroke-width="1.6" opacity="0.75"/>`;
}

function index(id, style) {
  const suit = cardSuit(id);
  const rank = rankIndex(id, style);
  const ink = SUIT_INK[suit];
  // two digits (12, 11, 10) are drawn narrower so they fit the same corner
  const size = rank.length > 1 ? 19 : 27;
  const spacing = rank.length > 1 ? ' letter-spacing="-1"' : "";
  const one =
    `<rect x="5" y="8" width="25" height="52" rx="4" fill="#fdf9ee"/>` +
    `<text x="17" y="33" text-anchor="middle" font-family="'DejaVu Sans','Liberation Sans',Arial,sans-serif" font-weight="700" font-size="${size}"${spacing} fill="${ink}">${rank}</text>` +
    suitMark(suit, 17, 48, 0.19);
  return `<g class="idx">${one}</g><g transform="rotate(180 ${W / 2} ${H / 2})">${one}</g>`;
}

function pips(id) {
  const suit = cardSuit(id);
  if (cardRank(id) === 0) {
    return (
      `<ellipse cx="60" cy="90" rx="38" ry="52" fill="${SUIT_FILL[suit]}" opacity="0.12"/>` +
      `<ellipse cx="60" cy="90" rx="38" ry="52" fill="none" stroke="${SUIT_INK[suit]}" stroke-width="1" stroke-dasharray="3 3" opacity="0.6"/>` +
      suitMark(suit, 60, 90, 0.72)
    );
  }
  // the tres: coins and cups in a column, swords and clubs side by side and crossed a little
  if (suit <= 1) {
    return [52, 90, 128].map((y, k) => suitMark(suit, k === 1 ? 62 : 58, y, 0.34)).join("");
  }
  const s = suit === 3 ? 0.62 : 0.74;
  return (
    suitMark(suit, 40, 94, s, -18) + suitMark(suit, 80, 94, s, 18) + suitMark(suit, 60, 88, s)
  );
}

function head(x, y, r) {
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${SKIN}" stroke="#5a3a1c" stroke-width="1.6"/>` +
    `<circle cx="${x - r * 0.35}" cy="${y - r * 0.1}" r="1.2" fill="#3a2410"/>` +
    `<circle cx="${x + r * 0.35}" cy="${y - r * 0.1}" r="1.2" fill="#3a2410"/>`
  );
}

// What each figure holds, suit by suit, as in the traditional deck: the coin shown in front,
// the cup raised, the sword upright, the club as a staff. `hand` is where the arm ends; the
// object is drawn around it. Returns the arm and the object.
function held(suit, shoulder, hand, scale, sleeve) {
  const [sx, sy] = shoulder;
  const [hx, hy] = hand;
  const arm = `<path d="M${sx} ${sy} L${hx} ${hy}" stroke="${sleeve}" stroke-width="7" stroke-linecap="round"/>`;
  const fist = `<circle cx="${hx}" cy="${hy}" r="3.4" fill="${SKIN}" stroke="#5a3a1c" stroke-width="1"/>`;
  let object;
  if (suit === 0) object = suitMark(0, hx + 4, hy + 2, scale); // the coin, shown in front
  else if (suit === 1) object = suitMark(1, hx, hy - 11 * scale * 4, scale); // the cup, raised
  else if (suit === 2) object = suitMark(2, hx, hy - 35 * scale * 2.4, scale * 2.4); // upright
  else object = suitMark(3, hx + 2, hy + 4, scale * 2.3, 8); // the club, held low
  return suit === 0 || suit === 3 ? arm + object + fist : arm + fist + object;
}

// A trim in the suit's own pattern across a band of the clothes (x0..x1 at height y).
function trim(suit, x0, x1, y) {
  const d = SUIT_DARK[suit];
  const out = [];
  if (suit === 0) {
    for (let x = x0 + 4; x <= x1 - 3; x += 7) out.push(`<circle cx="${x}" cy="${y}" r="2.2" fill="#f9dc7a" stroke="${d}" stroke-width="0.8"/>`);
  } else if (suit === 1) {
    out.push(`<path d="M${x0} ${y - 3} H${x1} M${x0} ${y + 3} H${x1}" stroke="#f4b63f" stroke-width="2.2"/>`);
  } else if (suit === 2) {
    let path = `M${x0} ${y - 3}`;
    for (let x = x0; x < x1; x += 6) path += ` L${x + 3} ${y + 3} L${Math.min(x + 6, x1)} ${y - 3}`;
    out.push(`<path d="${path}" fill="none" stroke="#dfe7f2" stroke-width="1.8"/>`);
  } else {
    for (let x = x0 + 3; x <= x1 - 3; x += 8) out.push(`<path d="M${x} ${y - 4} l3 4 l-3 4 l-3 -4 Z" fill="#e8d9a8" stroke="${d}" stroke-width="0.7"/>`);
  }
  return out.join("");
}

function sota(suit) {
  const f = SUIT_FILL[suit];
  const d = SUIT_DARK[suit];
  // the hand: the cup high, the sword and the club at the side, the coin in front
  const hands = [
    [84, 84],
    [86, 60],
    [88, 100],
    [86, 90],
  ];
  return (
    // legs and shoes
    `<rect x="50" y="112" width="8" height="36" fill="#f0e2c4" stroke="#5a3a1c" stroke-width="1.4"/>` +
    `<rect x="62" y="112" width="8" height="36" fill="#f0e2c4" stroke="#5a3a1c" stroke-width="1.4"/>` +
    `<path d="M46 148 h13 v5 h-13 Z M61 148 h13 v5 h-13 Z" fill="#3a2410"/>` +
    // tunic with a belt and the suit's trim at the hem
    `<path d="M45 64 L75 64 L82 114 L38 114 Z" fill="${f}" stroke="${d}" stroke-width="2" stroke-linejoin="round"/>` +
    `<rect x="41" y="92" width="38" height="5" fill="#f4b63f" stroke="${d}" stroke-width="1"/>` +
    `<path d="M60 64 V114" stroke="${d}" stroke-width="1.2"/>` +
    trim(suit, 40, 80, 107) +
    // the other arm rests on the belt
    `<path d="M46 70 L40 90" stroke="${f}" stroke-width="7" stroke-linecap="round"/>` +
    head(60, 50, 11) +
    // a round cap with a feather
    `<path d="M47 46 Q48 32 62 33 Q74 34 74 45 Z" fill="${d}"/>` +
    `<path d="M70 37 Q80 26 86 30" fill="none" stroke="#f4b63f" stroke-width="2.5" stroke-linecap="round"/>` +
    held(suit, [74, 70], hands[suit], 0.24, f)
  );
}

// The horse's coat differs per suit too (cream, chestnut, grey, bay).
const HORSE = ["#efe6d4", "#c98b5b", "#d9dde3", "#9c6b45"];

function caballo(suit) {
  const f = SUIT_FILL[suit];
  const d = SUIT_DARK[suit];
  const horse = HORSE[suit];
  const line = "#5a3a1c";
  const hands = [
    [84, 64],
    [84, 60],
    [84, 66],
    [82, 70],
  ];
  return (
    // legs
    `<path d="M36 118 L32 152 M46 122 L44 153 M78 122 L82 153 M88 116 L94 150" stroke="${line}" stroke-width="5" stroke-linecap="round"/>` +
    // body, neck and head of the horse
    `<ellipse cx="62" cy="112" rx="32" ry="15" fill="${horse}" stroke="${line}" stroke-width="2"/>` +
    `<path d="M38 106 L26 78 L14 84 L12 76 L26 64 L36 68 L48 100 Z" fill="${horse}" stroke="${line}" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M27 65 L33 58 L35 67" fill="${horse}" stroke="${line}" stroke-width="1.6"/>` +
    `<circle cx="24" cy="72" r="1.6" fill="${line}"/>` +
    `<path d="M32 70 Q40 84 44 98" fill="none" stroke="${d}" stroke-width="3"/>` +
    `<path d="M94 106 Q106 116 100 132" fill="none" stroke="${line}" stroke-width="4" stroke-linecap="round"/>` +
    // saddle cloth in the suit colour, with the suit's trim
    `<path d="M50 100 L78 100 L82 122 L48 122 Z" fill="${f}" stroke="${d}" stroke-width="1.6"/>` +
    trim(suit, 50, 80, 116) +
    // rider
    `<path d="M54 100 L70 100 L68 74 L56 74 Z" fill="${f}" stroke="${d}" stroke-width="1.8" stroke-linejoin="round"/>` +
    `<path d="M58 100 L56 116 M66 100 L70 116" stroke="#3a2410" stroke-width="4" stroke-linecap="round"/>` +
    head(62, 64, 9) +
    `<path d="M52 60 Q62 46 72 60 Z" fill="${d}"/>` +
    held(suit, [68, 78], hands[suit], 0.2, f)
  );
}

function rey(suit) {
  const f = SUIT_FILL[suit];
  const d = SUIT_DARK[suit];
  const dots = [];
  for (let y = 76; y < 148; y += 12) {
    dots.push(`<circle cx="60" cy="${y}" r="1.4" fill="#222"/>`);
  }
  const hands = [
    [86, 88],
    [88, 66],
    [90, 104],
    [88, 94],
  ];
  return (
    // long robe with an ermine stripe and the suit's trim above the hem
    `<path d="M44 66 L76 66 L90 152 L30 152 Z" fill="${f}" stroke="${d}" stroke-width="2" stroke-linejoin="round"/>` +
    trim(suit, 34, 86, 140) +
    `<path d="M55 66 L65 66 L67 152 L53 152 Z" fill="#fbf7ec" stroke="${d}" stroke-width="1"/>` +
    dots.join("") +
    `<path d="M30 152 L90 152" stroke="#f4b63f" stroke-width="4"/>` +
    head(60, 52, 11) +
    // beard and crown
    `<path d="M50 55 Q60 74 70 55 Q60 62 50 55 Z" fill="#8a7a6a" stroke="#5a3a1c" stroke-width="1"/>` +
    `<path d="M47 42 L47 28 L53 36 L60 24 L67 36 L73 28 L73 42 Z" fill="#f4b63f" stroke="#7a4b00" stroke-width="1.8" stroke-linejoin="round"/>` +
    `<circle cx="60" cy="36" r="2" fill="${SUIT_FILL[1]}"/>` +
    held(suit, [76, 72], hands[suit], 0.26, f)
  );
}

const FIGURES = [null, null, rey, caballo, sota];

function face(id, style) {
  const suit = cardSuit(id);
  const rank = cardRank(id);
  const body = rank >= 2 ? FIGURES[rank](suit) : pips(id);
  return (
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="9" fill="#fdf9ee" stroke="#9c8f78" stroke-width="1.5"/>` +
    frame(suit) +
    body +
    index(id, style)
  );
}

function back() {
  const lines = [];
  for (let k = -200; k <= 200; k += 12) {
    lines.push(`M${k} 0 L${k + 200} 200`, `M${k + 200} 0 L${k} 200`);
  }
  return (
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="9" fill="#fdf9ee" stroke="#9c8f78" stroke-width="1.5"/>` +
    `<rect x="8" y="8" width="${W - 16}" height="${H - 16}" rx="5" fill="#7d1f2c"/>` +
    `<svg x="8" y="8" width="${W - 16}" height="${H - 16}" viewBox="0 0 ${W - 16} ${H - 16}">` +
    `<path d="${lines.join(" ")}" stroke="#c8953a" stroke-width="1" opacity="0.55"/></svg>` +
    `<rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="4" fill="none" stroke="#e7c36a" stroke-width="1.5"/>` +
    `<circle cx="60" cy="90" r="33" fill="#7d1f2c" stroke="#e7c36a" stroke-width="2"/>` +
    `<circle cx="60" cy="90" r="28" fill="#fdf3dc" stroke="#e7c36a" stroke-width="1"/>` +
    suitMark(0, 60, 73, 0.16) +
    suitMark(1, 43, 90, 0.16) +
    suitMark(2, 77, 90, 0.16) +
    suitMark(3, 60, 107, 0.16) +
    `<path d="M60 30 L66 40 L60 50 L54 40 Z M60 130 L66 140 L60 150 L54 140 Z" fill="#e7c36a"/>`
  );
}

const cache = new Map();

/**
 * The SVG markup of a card face (id 0..19) or of the back (id null), with the corner indices
 * in `style` (default: the player's setting). The markup is built only
 * from constants, never from user input, so inserting it as HTML is safe.
 */
export function cardSvg(id, style = indexStyle) {
  const key = id === null || id === undefined ? "back" : `${style}:${id}`;
  if (!cache.has(key)) {
    const inner = key === "back" ? back() : face(id, style);
    cache.set(
      key,
      `<svg class="card-svg" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">${inner}</svg>`,
    );
  }
  return cache.get(key);
}
