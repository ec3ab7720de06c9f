// The header: brand, navigation, the player's chip (avatar, name, rating: a link to the
// profile), sign-out, the language menu and the settings menu (the deck's corner indices).

import { useEffect, useRef, useState } from "preact/hooks";
import { Avatar } from "../avatar.js";
import { cardId, cardSvg, suitIcon, getIndexStyle } from "../cards.js";
import { LANGS, lang, setLang, t } from "../i18n.js";
import { Icon } from "../icons.js";
import { playerHref } from "../router.js";
import { setDeckIndex } from "../settings.js";
import { KeepWhole, Name, Svg, html } from "./common.js";

export function Header({ token, user, rating, connStatus, offline, onSignOut }) {
  // while the no-connection banner shows, it says it all
  const reconnecting = token && !offline && connStatus && !["open", "idle", "closed"].includes(connStatus);
  const bar = useRef(null);
  // the header stays at the top: its height keeps what takes the focus (Shift+Tab scrolls
  // up to it) from going under it (scroll-padding-top in shell.css)
  useEffect(() => {
    const el = bar.current;
    const note = () => document.documentElement.style.setProperty("--header-h", `${el.offsetHeight}px`);
    note();
    const watch = new ResizeObserver(note);
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  return html`<header class="site-header" ref=${bar}>
    <a class="brand" href="#/" data-testid="nav-lobby">
      <${Svg} class="brand-mark" markup=${suitIcon(0)} />
      <span class="brand-name">${t("hero.title")}</span>
    </a>
    <nav class="main-nav" aria-label=${t("nav.main")}>
      <a href="#/">${t("nav.lobby")}</a>
      <a href="#/leaderboard" data-testid="nav-leaderboard">${t("nav.leaderboard")}</a>
      <a href="#/learn" data-testid="nav-learn">${t("tutorial.nav")}</a>
      ${token ? html`<a href="#/history" data-testid="nav-history">${t("nav.history")}</a>` : null}
    </nav>
    <div class="header-right">
      ${reconnecting ? html`<span class="conn-dot" data-testid="conn-header" title=${t("conn.reconnecting")}><span class="conn-words">${t("conn.reconnecting")}</span></span>` : null}
      ${user
        ? html`<a class="user-chip" href=${playerHref(user.id)} data-testid="user-name" title=${t("profile.open")}>
            <${Avatar} name=${user.name} size=${26} />
            <${Name} text=${user.name} />
            ${user.guest ? html`<span class="badge guest">${t("auth.guest")}</span>` : null}
            ${!user.guest && typeof rating === "number"
              ? html`<span class="badge rating" data-testid="user-rating" title=${t("board.rating")}>${Math.round(rating)}</span>`
              : null}
          </a>`
        : null}
      ${token ? html`<button class="btn small ghost" data-testid="logout" onClick=${onSignOut}>${t("auth.logout")}</button>` : null}
      <label class="lang">
        <span class="sr-only">${t("nav.language")}</span>
        <select data-testid="lang-select" aria-label=${t("nav.language")} onChange=${(e) => setLang(e.currentTarget.value)}>
          ${LANGS.map((l) => html`<option key=${l.code} value=${l.code} selected=${l.code === lang()} lang=${l.code}>${l.name}</option>`)}
        </select>
      </label>
      <${SettingsMenu} />
    </div>
  </header>`;
}

/**
 * The settings menu: a button that opens a small panel; Esc or a click outside closes it. The
 * panel follows its button in the page, so that Tab goes on into it, and so comes before the
 * screen's <h1>: its title names the group and is no heading, which would stand first.
 */
function SettingsMenu() {
  const [open, setOpen] = useState(false);
  const box = useRef(null);
  const button = useRef(null);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (e) => {
      if (box.current && !box.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onClick);
    };
  }, [open]);
  const style = getIndexStyle();
  const choice = (value, sample) => html`<label class=${`deck-choice${style === value ? " chosen" : ""}`}>
    <${Svg} class="deck-sample" markup=${sample} />
    <span><input type="radio" name="deck-index" value=${value} checked=${style === value}
      data-testid=${`deck-index-${value}`} onChange=${() => setDeckIndex(value)} /><${KeepWhole} text=${t(`settings.deck.${value}`)} /></span>
  </label>`;
  // the sample shows the rey of oros as it looks with each choice
  const sample = (value) => cardSvg(cardId("RO"), value);
  return html`<div class="settings" ref=${box}>
    <button class="btn small ghost icon-only" ref=${button} data-testid="settings-btn"
      aria-expanded=${String(open)} aria-controls="settings-menu" aria-label=${t("settings.title")}
      title=${t("settings.title")} onClick=${() => setOpen(!open)}>
      <${Icon} name="settings" size=${20} />
    </button>
    ${open
      ? html`<div class="settings-pop panel" id="settings-menu" data-testid="settings-menu" role="group" aria-labelledby="settings-title">
          <p class="settings-title" id="settings-title">${t("settings.title")}</p>
          <fieldset class="deck-setting">
            <legend>${t("settings.deck")}</legend>
            <div class="deck-choices">${choice("letters", sample("letters"))}${choice("numbers", sample("numbers"))}</div>
          </fieldset>
        </div>`
      : null}
  </div>`;
}
