// Translation catalogues (i18n/<lang>.json). Every visible string comes from them; the choice is
// kept in localStorage and can change at any time (listeners re-render).

export const LANGS = [
  { code: "es", name: "Español" },
  { code: "en", name: "English" },
  { code: "pt", name: "Português" },
  { code: "tr", name: "Türkçe" },
  { code: "th", name: "ไทย" },
];
const STORAGE_KEY = "cuatrola.lang";
const catalogues = {};
const listeners = new Set();
let current = "es";

async function load(code) {
  if (!catalogues[code]) {
    const response = await fetch(`/i18n/${code}.json`);
    if (!response.ok) throw new Error(`catalogue ${code}: HTTP ${response.status}`);
    catalogues[code] = await response.json();
  }
  return catalogues[code];
}

/**
 * The language to start in: a valid stored choice wins; else the first of the browser's
 * languages (navigator.languages, e.g. "pt-BR" -> "pt") that we have; else Spanish.
 */
export function chooseLang(saved, browserLanguages = []) {
  const known = (code) => LANGS.some((l) => l.code === code);
  if (known(saved)) return saved;
  for (const tag of browserLanguages || []) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    if (known(primary)) return primary;
  }
  return "es";
}

/** The language chosen before (localStorage), else the browser's, else Spanish. */
export function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage disabled: follow the browser
  }
  const browser = typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return chooseLang(saved, browser);
}

/**
 * Switch language: load its catalogue (and the Spanish fallback), notify, and keep the choice
 * (`remember`: false for the first pick, so a browser language is followed until one is chosen).
 */
export async function setLang(code, { remember = true } = {}) {
  if (!LANGS.some((l) => l.code === code)) code = "es";
  await Promise.all([load("es"), load(code)]);
  current = code;
  try {
    if (remember) localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // storage may be disabled (private mode): the choice then lasts for this page only
  }
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

export function lang() {
  return current;
}

/** Call `fn(code)` after every language switch; returns a function that stops it. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Translate `key` ("a.b"), filling {name} placeholders from `params`. Falls back to Spanish. */
export function t(key, params = {}) {
  let text = catalogues[current]?.[key] ?? catalogues.es?.[key];
  if (text === undefined) {
    console.warn(`missing translation: ${key}`);
    text = key;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Whether a key exists in the Spanish catalogue (used for server error codes). */
export function has(key) {
  return catalogues.es?.[key] !== undefined;
}
