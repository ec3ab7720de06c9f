// Small pieces the shell's screens share: htm bound to Preact, names that end in an ellipsis,
// links to profiles, dates, a hook that loads a REST resource, and one that follows a media
// query for a screen that builds a part of itself in another place on a narrow window.

import { h } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import htm from "htm";
import { Avatar } from "../avatar.js";
import { lang } from "../i18n.js";
import { api } from "../net.js";
import { playerName } from "../text.js";
import { playerHref } from "../router.js";

export const html = htm.bind(h);

/** A name that ends in an ellipsis when it does not fit, with `title` (the full name) on hover. */
export function Name({ text, title = text, class: extra = "" }) {
  return html`<span class=${`name${extra ? ` ${extra}` : ""}`} title=${title}>${text}</span>`;
}

/**
 * A text whose parenthesised groups, such as the card order "(A 3 R C S)", wrap as a whole:
 * each group goes in a span that does not break, so that a narrow box (Thai and Turkish on a
 * phone) moves the group to the next line rather than splitting the sequence.
 */
export function KeepWhole({ text }) {
  return text
    .split(/(\([^()]*\))/)
    .map((part, i) => (i % 2 ? html`<span class="keep-whole">${part}</span>` : part));
}

/** Whether a player (a REST player or a SeatInfo) is a computer player in its own right (nobody's seat). */
export function isComputer(p) {
  return Boolean(p.bot_level || (p.bot && !p.user));
}

/**
 * A player with avatar and name; a link to their profile when they are a person with an id.
 * `player` is a REST player ({name, user, bot, bot_level}, named as in a SeatInfo).
 */
export function PlayerTag({ player, size = 24, link = true, testid }) {
  const bot = isComputer(player);
  const name = playerName(player);
  const body = html`<${Avatar} name=${player.name} bot=${bot} size=${size} /><${Name} text=${name} />`;
  if (link && !bot && player.user) {
    return html`<a class="player-tag" href=${playerHref(player.user)} data-testid=${testid}>${body}</a>`;
  }
  return html`<span class="player-tag" data-testid=${testid}>${body}</span>`;
}

export function formatDate(seconds) {
  try {
    return new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
  } catch {
    return new Date(seconds * 1000).toISOString();
  }
}

/** How long to wait before asking again when the server could not be reached. */
export const RETRY_MS = 4000;

/**
 * `load()` (a promise) now, and again every RETRY_MS while it fails because the server cannot
 * be reached (the no-connection banner says the page comes back by itself: so does what it
 * shows). `done(data, error)` gets each answer until `cancel()`.
 */
export function loadWithRetry(load, done) {
  let alive = true;
  let timer = null;
  const run = () =>
    load().then(
      (data) => alive && done(data, null),
      (error) => {
        if (!alive) return;
        done(null, error);
        if (error?.code === "network") timer = setTimeout(run, RETRY_MS);
      },
    );
  run();
  return () => {
    alive = false;
    clearTimeout(timer);
  };
}

/**
 * Load `path` from the REST API (with the session token) when `path` or `token` changes:
 * {data, error, loading}. A language switch re-renders without loading again.
 */
export function useApi(path, token) {
  const [state, setState] = useState({ data: null, error: null, loading: true });
  useEffect(() => {
    if (!path) {
      setState({ data: null, error: null, loading: false });
      return undefined;
    }
    setState({ data: null, error: null, loading: true });
    return loadWithRetry(
      () => api("GET", path, undefined, token),
      (data, error) => setState({ data, error, loading: false }),
    );
  }, [path, token]);
  return state;
}

/** The preset name ("exact11", "to21", "hands20") of a rules object from the history. */
export function presetOf(rules) {
  if (!rules || typeof rules !== "object") return "exact11";
  if (rules.end === "first_to") return `to${rules.target}`;
  if (rules.end === "hands") return `hands${rules.hands}`;
  return `exact${rules.target ?? 11}`;
}

/** Which team a user played for in a REST match, or null. */
export function teamOfUser(match, userId) {
  const me = userId ? match.players.find((p) => p.user === userId) : null;
  return me ? me.seat & 1 : null;
}

/** Trusted SVG markup from cards.js (built from constants, never from user input). */
export function Svg({ markup, class: cls, label, style }) {
  return label
    ? html`<span class=${cls} style=${style} role="img" aria-label=${label} dangerouslySetInnerHTML=${{ __html: markup }}></span>`
    : html`<span class=${cls} style=${style} aria-hidden="true" dangerouslySetInnerHTML=${{ __html: markup }}></span>`;
}

/**
 * Whether the media `query` matches, followed live. `beforeChange` is called when the answer
 * is about to change, while the page still shows what the old one built.
 */
function useMedia(query, beforeChange) {
  const [matches, setMatches] = useState(() => typeof matchMedia === "function" && matchMedia(query).matches);
  // the answer last given, not the one last rendered: two changes may come before a render
  const given = useRef(matches);
  const before = useRef(beforeChange);
  before.current = beforeChange;
  useEffect(() => {
    if (typeof matchMedia !== "function") return undefined;
    const list = matchMedia(query);
    const on = () => {
      if (list.matches === given.current) return;
      before.current?.();
      given.current = list.matches;
      setMatches(list.matches);
    };
    on();
    list.addEventListener("change", on);
    return () => list.removeEventListener("change", on);
  }, [query]);
  return matches;
}

/** The element with the focus inside `root`, as it can be found in a copy of `root`: its test
 * id, else its place among `root`'s elements; null when the focus is elsewhere. */
function focusWithin(root) {
  const active = document.activeElement;
  if (!root || !active || active === root || !root.contains(active)) return null;
  return active.dataset?.testid ? { testid: active.dataset.testid } : { index: [...root.querySelectorAll("*")].indexOf(active) };
}

/** Focus the element of `root` that `place` (from focusWithin) names, if it is there. */
function refocus(root, place) {
  const found = place.testid
    ? root?.querySelector(`[data-testid="${CSS.escape(place.testid)}"]`)
    : root?.querySelectorAll("*")[place.index];
  found?.focus();
}

/**
 * Whether the media `query` matches, followed live, for a screen that builds a part of itself
 * (`part()`, the element now shown) in another place of the page when the answer changes: in
 * the page's order where it is seen, not moved there by CSS, so that Tab and a screen reader
 * follow what is seen. The part is then built anew, and the control in it that had the focus
 * hands it on to the same control of its copy.
 */
export function useMovingPart(query, part) {
  // what had the focus in the part when it was about to move
  const moving = useRef(null);
  const matches = useMedia(query, () => {
    moving.current = focusWithin(part());
  });
  useLayoutEffect(() => {
    const place = moving.current;
    moving.current = null;
    // the focus went with the part's old copy: to the same control in the new one
    const lost = !document.activeElement || document.activeElement === document.body;
    if (place && lost) refocus(part(), place);
  });
  return matches;
}
