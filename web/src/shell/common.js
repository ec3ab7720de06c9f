// Small pieces the shell's screens share: htm bound to Preact, names that end in an ellipsis,
// links to profiles, dates, and a hook that loads a REST resource.

import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import htm from "htm";
import { Avatar } from "../avatar.js";
import { lang } from "../i18n.js";
import { api } from "../net.js";
import { playerName } from "../text.js";
import { playerHref } from "../router.js";

export const html = htm.bind(h);

/** A name that ends in an ellipsis when it does not fit, with the full name on hover. */
export function Name({ text, class: extra = "" }) {
  return html`<span class=${`name${extra ? ` ${extra}` : ""}`} title=${text}>${text}</span>`;
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
