// The player's display settings, kept in localStorage. Today: the deck's corner indices
// ("letters" A 3 R C S, or the traditional "numbers" 1 3 12 11 10), key `cuatrola.deck`.
// The App re-renders every screen when a setting changes (`onSettingsChange`).

import { INDEX_STYLES, setIndexStyle } from "./cards.js";

const DECK_KEY = "cuatrola.deck";
const listeners = new Set();

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage disabled: the setting lasts for this page only
  }
}

/** The stored deck index style, or "letters". */
export function deckIndexSetting() {
  const saved = read(DECK_KEY);
  return INDEX_STYLES.includes(saved) ? saved : "letters";
}

/** Apply the stored settings (at start-up). */
export function applySettings() {
  setIndexStyle(deckIndexSetting());
}

/** Choose the deck's corner indices, remember it and tell the listeners. */
export function setDeckIndex(style) {
  const value = INDEX_STYLES.includes(style) ? style : "letters";
  write(DECK_KEY, value);
  setIndexStyle(value);
  for (const fn of listeners) fn();
}

/** Call `fn()` after every settings change; returns a function that stops it. */
export function onSettingsChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
