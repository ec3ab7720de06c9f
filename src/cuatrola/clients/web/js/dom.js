// Tiny DOM helpers. Text always goes in through textContent, never innerHTML, so names and chat
// from other players cannot inject markup. The only markup inserted as HTML is our own SVG art
// (see cards.js), built from constants.

/**
 * Create an element. `attrs` keys: "class", "text" (textContent), "on<event>" (listener),
 * "dataset" (object), booleans (set when true), anything else as an attribute.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = String(value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** An element holding trusted SVG markup produced by cards.js. */
export function svgBox(tag, attrs, trustedSvg) {
  const el = h(tag, attrs);
  el.innerHTML = trustedSvg; // trusted: generated from constants in cards.js
  return el;
}

/** Replace all children of `el`. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** Whether the user asked for less motion. */
export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
