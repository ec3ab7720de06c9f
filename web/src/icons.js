// Control icons as inline SVG (Preact), so the controls render the same on a machine with only
// basic fonts: no Unicode symbols such as ▶ ⏸ ✕ ⟳. Each icon is decorative (aria-hidden);
// the button carrying it has its own text or aria-label. Suits are drawn by cards.js.

import { h } from "preact";
import htm from "htm";

const html = htm.bind(h);

const PATHS = {
  // media controls
  first: "M6 5h2v14H6zM20 5v14L9.5 12z",
  prev: "M15.5 5v14L5 12z",
  next: "M8.5 5v14L19 12z",
  last: "M16 5h2v14h-2zM4 5v14l10.5-7z",
  play: "M7 4.5v15L19.5 12z",
  pause: "M6 5h4v14H6zM14 5h4v14h-4z",
  // page controls
  close: "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z",
  back: "M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z",
  reload:
    "M17.7 6.3A8 8 0 1 0 19.8 14h-2.1a6 6 0 1 1-1.4-6.2L13 11h7V4z",
  settings:
    "M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1l.4 2.7h4l.4-2.7a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z",
  download: "M11 4h2v8.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM5 18h14v2H5z",
  offline:
    "M2.3 3.7 3.7 2.3l18 18-1.4 1.4-3.5-3.5A4 4 0 0 1 17 20H7a5 5 0 0 1-1.6-9.7 7 7 0 0 1 .7-2.2zM9.4 5.5A7 7 0 0 1 19 10a4.5 4.5 0 0 1 2.4 7.6z",
  person: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z",
};

/** An icon by name (see PATHS), `size` in px (default 18), filled with the text colour. */
export function Icon({ name, size = 18, class: extra = "" }) {
  return html`<svg class=${`icon icon-${name}${extra ? ` ${extra}` : ""}`} width=${size} height=${size}
    viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d=${PATHS[name]} fill="currentColor" /></svg>`;
}

export const ICON_NAMES = Object.keys(PATHS);
