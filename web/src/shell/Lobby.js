// The lobby: the hero, identity (guest / sign in / register, and a guest keeping their games),
// the ways to play (against the computer, quick match, a private table, an invite code, a
// table you still hold), the players online and the live list of open tables.
//
// Where the lobby is one column (the CSS's max-width: 900px: a phone, a tablet) the open tables
// come right after the ways to play at once (against the computer, the quick match), inside
// the play section, before the private table, the invite code and the account: a player who
// came to join a table sees them without scrolling past the forms. The page is built in that
// order, not moved there by CSS, so that Tab and a screen reader follow what is seen; wider
// screens keep them in their own column. Turning a tablet across that width builds the list
// anew in its other place, and the control that had the focus in it hands it on to its copy.
//
// Forms are uncontrolled (defaultValue / defaultChecked): live events (lobby_update, online,
// queue) re-render the lobby, and Preact then leaves what the player typed, chose or focused
// alone.

import { useEffect, useRef, useState } from "preact/hooks";
import { Avatar } from "../avatar.js";
import { cardId, cardSvg } from "../cards.js";
import { t } from "../i18n.js";
import { BOT_LEVELS } from "../protocol.js";
import { playerName, rulesLabel } from "../text.js";
import { Name, Svg, html, useMovingPart } from "./common.js";

const PRESETS = ["exact11", "to21", "hands11", "hands20", "exact5", "exact3"];

function Field({ label, children, hidden = false, class: extra = "" }) {
  return html`<label class=${`field${extra ? ` ${extra}` : ""}`} hidden=${hidden}><span>${label}</span>${children}</label>`;
}

function RulesSelect({ testid, presets = PRESETS, custom = false, onChange }) {
  return html`<select name="rules" data-testid=${testid} onChange=${onChange}>
    ${presets.map((p) => html`<option key=${p} value=${p} selected=${p === "exact11"}>${rulesLabel(p)}</option>`)}
    ${custom ? html`<option value="custom">${t("rules.custom")}</option>` : null}
  </select>`;
}

function LevelSelect({ testid }) {
  return html`<select name="level" data-testid=${testid}>
    ${BOT_LEVELS.map((l) => html`<option key=${l} value=${l} selected=${l === "medium"}>${t(`level.${l}`)}</option>`)}
  </select>`;
}

const ONE_COLUMN = "(max-width: 900px)";

export function Lobby(props) {
  const { token } = props;
  const lobby = useRef(null);
  const oneColumn = useMovingPart(ONE_COLUMN, () => lobby.current?.querySelector(".panel.tables") ?? null);
  const inPlay = oneColumn && Boolean(token);
  const tables = html`<${TablesPanel} ...${props} nested=${inPlay} />`;
  return html`<div class="lobby" data-testid="lobby" ref=${lobby}>
    <${Hero} compact=${Boolean(token)} />
    ${token ? html`<${PlayPanel} ...${props} tables=${inPlay ? tables : null} />` : html`<${AuthPanel} ...${props} />`}
    <div class="side-stack">
      ${inPlay ? null : tables}
      <${Learning} token=${token} />
    </div>
  </div>`;
}

function Hero({ compact }) {
  // a fan of five cards from our own deck: one of each figure and suit
  return html`<section class=${`hero${compact ? " compact" : ""}`}>
    <div class="fan" aria-hidden="true">
      ${["AO", "3C", "RE", "CB", "SO"].map(
        (code, i) => html`<${Svg} key=${code} class="fan-card" markup=${cardSvg(cardId(code))} style=${`--i:${i - 2}`} />`,
      )}
    </div>
    <div class="hero-text"><h1>${t("hero.title")}</h1><p>${t("hero.text")}</p></div>
  </section>`;
}

// ---- identity ---------------------------------------------------------------------------------

function AuthPanel({ auth, pendingJoin, onAuth }) {
  const [tab, setTab] = useState("guest");
  const submitGuest = (e) => {
    e.preventDefault();
    const name = e.currentTarget.elements.name.value.trim();
    if (name) onAuth("guest", { name });
  };
  const submitAccount = (e) => {
    e.preventDefault();
    const f = e.currentTarget.elements;
    onAuth(tab, { name: f.name.value.trim(), password: f.password.value });
  };
  return html`<section class="panel auth" aria-labelledby="auth-title">
    <h2 id="auth-title">${t("auth.title")}</h2>
    <p class="muted">${pendingJoin ? t("auth.toJoin", { code: pendingJoin }) : t("auth.intro")}</p>
    <div class="tabs" role="tablist">
      ${["guest", "login", "register"].map(
        (name) => html`<button key=${name} class=${`tab${tab === name ? " active" : ""}`} role="tab"
          aria-selected=${String(tab === name)} data-testid=${`auth-tab-${name}`}
          onClick=${() => {
            setTab(name);
            auth.clear();
          }}>${t(`auth.tab.${name}`)}</button>`,
      )}
    </div>
    ${tab === "guest"
      ? html`<form key="guest" class="stack" onSubmit=${submitGuest}>
          <${Field} label=${t("auth.nickname")}>
            <input name="name" maxlength="20" required autocomplete="nickname" data-testid="guest-name" />
          <//>
          <button class="btn primary" type="submit" disabled=${auth.busy} data-testid="guest-submit">${t("auth.playAsGuest")}</button>
        </form>`
      : html`<form key=${tab} class="stack" onSubmit=${submitAccount}>
          <${Field} label=${t("auth.name")}>
            <input name="name" maxlength="20" required autocomplete="username" data-testid=${`${tab}-name`} />
          <//>
          <${Field} label=${t("auth.password")}>
            <input name="password" type="password" required
              autocomplete=${tab === "login" ? "current-password" : "new-password"} data-testid=${`${tab}-password`} />
          <//>
          <button class="btn primary" type="submit" disabled=${auth.busy} data-testid=${`${tab}-submit`}>${t(`auth.${tab}`)}</button>
        </form>`}
    <${AuthError} auth=${auth} />
  </section>`;
}

/**
 * A refused sign-in, registration or guest name. The submit button is disabled while the
 * request runs, which drops the keyboard focus to the page's start: each refusal (the same
 * one again too) takes the focus here, so that the player hears it and Shift+Tab leads back
 * to the form, whose fields keep what was typed.
 */
function AuthError({ auth }) {
  const box = useRef(null);
  useEffect(() => {
    if (auth.failure) box.current?.focus();
  }, [auth.failure]);
  return html`<p class="message error" role="alert" tabindex="-1" ref=${box} data-testid="auth-error" hidden=${!auth.error}>${auth.error}</p>`;
}

// ---- ways to play -------------------------------------------------------------------------------

function PlayPanel(props) {
  const { user, myTables, formError, run, joinByCode, onAuth, auth, conn, go, tables } = props;
  const playComputer = (e) => {
    e.preventDefault();
    const f = e.currentTarget.elements;
    run(conn.command("play_computer", { options: { rules: f.rules.value, bot_level: f.level.value, public: false, turn_time: 0 } }));
  };
  const upgrade = (e) => {
    e.preventDefault();
    const f = e.currentTarget.elements;
    onAuth("register", { name: f.name.value.trim(), password: f.password.value });
  };
  return html`<section class="panel play" aria-labelledby="play-title">
    <h2 id="play-title" tabindex="-1">${t("lobby.play")}</h2>
    ${formError ? html`<p class="message error" role="alert" data-testid="lobby-error">${formError}</p>` : null}
    <div class="play-grid">
      ${myTables.length
        ? html`<div class="card-panel resume">
            <h3>${t("lobby.yourTables")}</h3>
            ${myTables.map(
              (id) => html`<button key=${id} class="btn primary" data-testid="resume-table" onClick=${() => go(`#/t/${id}`)}>${t("lobby.resume")}</button>`,
            )}
          </div>`
        : null}
      <form class="card-panel" onSubmit=${playComputer}>
        <h3>${t("lobby.vsComputer")}</h3>
        <p class="muted">${t("lobby.vsComputerHelp")}</p>
        <${Field} label=${t("lobby.level")}><${LevelSelect} testid="computer-level" /><//>
        <${Field} label=${t("lobby.rules")}><${RulesSelect} testid="computer-rules" /><//>
        <button class="btn primary" type="submit" data-testid="play-computer">${t("lobby.playNow")}</button>
      </form>
      <div class="card-panel">
        <h3>${t("lobby.quickMatch")}</h3>
        <p class="muted">${t("lobby.quickMatchHelp")}</p>
        <${QuickMatch} ...${props} />
      </div>
      ${tables}
      <${CreateForm} run=${run} conn=${conn} />
      <form class="card-panel" onSubmit=${(e) => {
        e.preventDefault();
        joinByCode(e.currentTarget.elements.code.value);
      }}>
        <h3>${t("lobby.joinByCode")}</h3>
        <div class="row">
          <input name="code" maxlength="16" required aria-label=${t("table.inviteCode")} placeholder=${t("lobby.codePlaceholder")}
            data-testid="join-code" autocomplete="off" />
          <button class="btn" type="submit" data-testid="join-submit">${t("lobby.join")}</button>
        </div>
      </form>
      ${user?.guest
        ? html`<form class="card-panel auth upgrade" data-testid="upgrade-form" onSubmit=${upgrade}>
            <h3>${t("auth.upgradeTitle")}</h3>
            <p class="muted">${t("auth.upgradeText")}</p>
            <${Field} label=${t("auth.name")}>
              <input name="name" maxlength="20" required defaultValue=${user.name} autocomplete="username" data-testid="upgrade-name" />
            <//>
            <${Field} label=${t("auth.password")}>
              <input name="password" type="password" required autocomplete="new-password" data-testid="upgrade-password" />
            <//>
            <button class="btn" type="submit" disabled=${auth.busy} data-testid="upgrade-submit">${t("auth.register")}</button>
            <${AuthError} auth=${auth} />
          </form>`
        : null}
    </div>
  </section>`;
}

function QuickMatch({ queue, conn, setQueue, setFormError }) {
  if (queue) {
    return html`<div class="queue-box">
      <${QueueStatus} queue=${queue} />
      <button class="btn ghost" data-testid="quick-match-cancel" onClick=${() => {
        conn.command("quick_match", { on: false }).catch(() => null);
        setQueue(null);
      }}>${t("common.cancel")}</button>
    </div>`;
  }
  return html`<div class="queue-box">
    <button class="btn primary" data-testid="quick-match" onClick=${() => {
      setFormError(null);
      conn.command("quick_match", { on: true }).catch((err) => setFormError(err));
    }}>${t("lobby.findMatch")}</button>
  </div>`;
}

// The server says how long until computer players fill the table only when the queue
// changes; alone in the queue that is once, so the seconds are counted down here.
function QueueStatus({ queue }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil(queue.fill_in - (now - (queue.at ?? now)) / 1000));
  // A screen reader hears the status when the server changes it, not every second.
  return html`<p data-testid="queue-status" data-seconds=${seconds}>
    <span aria-hidden="true">${t("lobby.queueWaiting", { n: queue.waiting, s: seconds })}</span>
    <span class="sr-only" role="status">${t("lobby.queueWaiting", { n: queue.waiting, s: Math.ceil(queue.fill_in) })}</span>
  </p>`;
}

function CreateForm({ run, conn }) {
  const [custom, setCustom] = useState(false);
  const submit = (e) => {
    e.preventDefault();
    const f = e.currentTarget.elements;
    let rules = f.rules.value;
    if (rules === "custom") rules = `exact${Math.max(3, Math.min(21, Number(f.target.value) || 11))}`;
    const seat = Number(f.seat.value);
    const bots = [];
    if (f.botPartner.checked) bots.push((seat + 2) % 4);
    if (f.botOpponents.checked) bots.push((seat + 1) % 4, (seat + 3) % 4);
    run(
      conn.command("create_table", {
        options: { rules, quintola: f.quintola.checked, turn_time: Number(f.turn.value), bot_level: f.level.value, public: f.public.checked, hints: f.hints.checked },
        seat,
        bots,
      }),
    );
  };
  const check = (name, testid, label, on) => html`<label class="check">
    <input type="checkbox" name=${name} defaultChecked=${on} data-testid=${testid} /><span>${label}</span>
  </label>`;
  return html`<form class="card-panel" data-testid="create-form" onSubmit=${submit}>
    <h3>${t("lobby.createTable")}</h3>
    <div class="grid2">
      <${Field} label=${t("lobby.rules")}>
        <${RulesSelect} testid="create-rules" presets=${PRESETS.slice(0, 4)} custom onChange=${(e) => setCustom(e.currentTarget.value === "custom")} />
      <//>
      <${Field} label=${t("lobby.target")} hidden=${!custom} class="target-field">
        <input name="target" type="number" min="3" max="21" defaultValue="11" data-testid="create-target" />
      <//>
      <${Field} label=${t("lobby.turnTime")}>
        <select name="turn" data-testid="create-turn-time">
          ${[15, 30, 60, 0].map(
            (s) => html`<option key=${s} value=${s} selected=${s === 30}>${s ? t("lobby.seconds", { n: s }) : t("lobby.noTimer")}</option>`,
          )}
        </select>
      <//>
      <${Field} label=${t("lobby.level")}><${LevelSelect} testid="create-bot-level" /><//>
      <${Field} label=${t("lobby.seat")}>
        <select name="seat" data-testid="create-seat">
          ${[0, 1, 2, 3].map((s) => html`<option key=${s} value=${s}>${t("table.seatN", { n: s + 1 })}</option>`)}
        </select>
      <//>
    </div>
    ${check("quintola", "create-quintola", t("lobby.quintola"), true)}
    ${check("public", "create-public", t("lobby.public"), true)}
    ${check("hints", "create-hints", t("hint.option"), false)}
    ${check("botPartner", "create-bot-partner", t("lobby.botPartner"), false)}
    ${check("botOpponents", "create-bot-opponents", t("lobby.botOpponents"), false)}
    <button class="btn primary" type="submit" data-testid="create-table">${t("lobby.create")}</button>
  </form>`;
}

// ---- who is here ----------------------------------------------------------------------------------

// `nested`: in a lobby of one column, inside the play section, where its title is one of the
// ways to play.
function TablesPanel({ token, lobbyTables, online, run, conn, go, nested = false }) {
  const rows = [...lobbyTables.values()].filter((x) => x.status === "open" || x.status === "playing");
  const title = nested
    ? html`<h3 id="tables-title">${t("lobby.openTables")}</h3>`
    : html`<h2 id="tables-title">${t("lobby.openTables")}</h2>`;
  return html`<section class="panel tables" aria-labelledby="tables-title">
    <div class="panel-head">
      ${title}
      ${typeof online === "number"
        ? html`<p class="online-count" data-testid="online-count" data-count=${online} role="status">
            <span class="online-dot" aria-hidden="true"></span>${t("lobby.online", { n: online })}
          </p>`
        : null}
    </div>
    ${rows.length
      ? html`<ul class="table-list" data-testid="open-tables">
          ${rows.map((x) => html`<${TableRow} key=${x.id} table=${x} token=${token} run=${run} conn=${conn} go=${go} />`)}
        </ul>`
      : html`<p class="muted" data-testid="no-tables">${t("lobby.noTables")}</p>`}
  </section>`;
}

function Learning({ token }) {
  return html`<details class="panel help" data-testid="how-to-play" open=${!token}>
      <summary>${t("help.title")}</summary>
      <ul>${[1, 2, 3, 4, 5, 6].map((n) => html`<li key=${n}>${t(`help.${n}`)}</li>`)}</ul>
    </details>
    <p class="help-links" data-testid="lobby-learning">
      <a class="btn small primary" href="#/learn" data-testid="lobby-learn">${t("tutorial.start")}</a>
      <a class="btn small ghost" href="#/rules" data-testid="lobby-rules">${t("tutorial.rulesTitle")}</a>
    </p>`;
}

function TableRow({ table: x, token, run, conn, go }) {
  const free = x.seats.filter((s) => !s.name).length;
  const fallback = x.options?.bot_level || null;
  return html`<li data-testid=${`table-row-${x.id}`}>
    <div class="row-main">
      <strong>${rulesLabel(x.options.rules)}</strong>
      <span class=${`status ${x.status}`}>${t(`lobby.status.${x.status}`)}</span>
      ${x.status === "playing" ? html`<span class="muted">${x.score[0]}–${x.score[1]}</span>` : null}
      <span class="muted">${t("lobby.freeSeats", { n: free })}</span>
    </div>
    <ul class="row-seats">
      ${x.seats.map((s) => {
        if (!s.name) return html`<li key=${s.seat} class="seat-free muted">${t("table.emptySeat")}</li>`;
        const bot = Boolean(s.bot_level || (s.bot && !s.user));
        const name = playerName(s, fallback);
        return html`<li key=${s.seat} class="seat-name-item">
          <${Avatar} name=${s.name} bot=${bot} size=${20} /><${Name} text=${name} />
        </li>`;
      })}
    </ul>
    ${token
      ? html`<div class="row-buttons">
          ${x.status === "open" && free
            ? html`<button class="btn small primary" data-testid=${`join-${x.id}`} onClick=${() => run(conn.command("join", { table: x.id }))}>${t("lobby.sit")}</button>`
            : null}
          <button class="btn small ghost" data-testid=${`watch-${x.id}`} onClick=${() => go(`#/t/${x.id}`)}>${t("lobby.watch")}</button>
        </div>`
      : null}
  </li>`;
}
