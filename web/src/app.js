// The entry point: styles, the Thai web font, the stored settings and language, the service
// worker, then the Preact application.

import "@fontsource/noto-sans-thai/thai-400.css";
import "@fontsource/noto-sans-thai/thai-700.css";
import "./css/shell.css";
import "./css/table.css";
import "./css/learn.css";
import { h, render } from "preact";
import { initialLang, setLang, t } from "./i18n.js";
import { applySettings } from "./settings.js";
import { App, app } from "./shell/App.js";

async function boot() {
  applySettings();
  await setLang(initialLang(), { remember: false });
  const root = document.getElementById("root");
  render(h(App, {}), root);
  document.body.dataset.ready = "true";
  if ("serviceWorker" in navigator) {
    // the shell then opens without a network (docs/web.md, "An app on the phone")
    navigator.serviceWorker.register("/sw.js").catch((err) => console.warn("service worker:", err));
  }
}

boot().catch((err) => {
  console.error(err);
  const box = document.getElementById("root");
  const p = document.createElement("p");
  p.className = "message error boot-error";
  // the catalogues may be what failed: say it in both of the card room's main languages
  p.textContent = t("error.generic") === "error.generic" ? `Cuatrola: ${err}` : `${t("error.generic")} (${err})`;
  box.replaceChildren(p);
});

// exposed for the end-to-end tests and for debugging from the console
window.cuatrola = { app };
