// The application shell: header, hash routes, identity, lobby, leaderboard and history.
//
// Routes: #/ lobby · #/t/<table> a table (playing or watching) · #/join/<code> join by invite
// link · #/leaderboard · #/history · #/replay/<match>.

import { h, mount, svgBox, $ } from "./dom.js";
import { cardSvg, cardId } from "./cards.js";
import { t, setLang, initialLang, lang, LANGS, onLangChange } from "./i18n.js";
import { api, Connection, savedToken, saveToken } from "./net.js";
import { TableScreen, errorText, rulesLabel } from "./table.js";
import { ReplayScreen } from "./replay.js";

const app = {
  token: savedToken(),
  user: null,
  conn: null,
  screen: null, // the live screen object (with destroy()) when there is one
  lobbyTables: new Map(),
  myTables: [],
  queue: null,
  pendingJoin: null,
  authTab: "guest",
  authError: "",
  formError: "",
  busy: false,
};

const root = () => $("#app");

function toast(text) {
  const box = $("#toasts");
  const el = h("div", { class: "toast", role: "status", "data-testid": "toast", text });
  box.appendChild(el);
  setTimeout(() => el.remove(), 4000);
}

// ---- connection -----------------------------------------------------------------------------

function connect() {
  if (app.conn || !app.token) return;
  const conn = new Connection(app.token);
  app.conn = conn;
  conn.on("welcome", (msg) => {
    app.user = msg.user;
    const tables = msg.tables || [];
    const changed = tables.join() !== app.myTables.join();
    app.myTables = tables;
    renderHeader();
    if (!msg.user.guest) {
      api("GET", "/me")
        .then((me) => {
          app.rating = me.rating ? me.rating.rating : null;
          renderHeader();
        })
        .catch(() => null);
    }
    // re-render the lobby only when there is something new to show: a re-render would reset
    // whatever the player is typing into its forms
    if (changed && currentRoute().name === "lobby") renderLobby();
  });
  conn.on("unauthorized", () => signOut(false));
  conn.on("lobby", (msg) => {
    app.lobbyTables = new Map(msg.tables.map((x) => [x.id, x]));
    renderTablesList();
  });
  conn.on("lobby_update", (msg) => {
    if (msg.removed) app.lobbyTables.delete(msg.table.id);
    else app.lobbyTables.set(msg.table.id, msg.table);
    renderTablesList();
  });
  conn.on("queue", (msg) => {
    app.queue = msg.on ? msg : null;
    renderQueue();
  });
  conn.on("seated", (msg) => {
    app.queue = null;
    go(`#/t/${msg.table}`);
  });
  conn.on("state", () => renderHeader());
  conn.lobbyOn = currentRoute().name === "lobby"; // subscribed again after every welcome
  conn.connect();
}

function signOut(callServer = true) {
  if (callServer && app.token) api("POST", "/logout").catch(() => null);
  if (app.screen) app.screen.destroy();
  app.screen = null;
  if (app.conn) app.conn.close();
  app.conn = null;
  app.token = null;
  app.user = null;
  app.rating = null;
  saveToken(null);
  go("#/");
  route();
}

function setAuthState(busy, error) {
  // update in place: re-rendering the form would throw away what the player typed
  app.busy = busy;
  app.authError = error;
  for (const button of document.querySelectorAll(".auth button[type=submit]")) button.disabled = busy;
  const box = $("[data-testid=auth-error]");
  if (box) {
    box.textContent = error;
    box.hidden = !error;
  }
}

async function authenticate(kind, fields) {
  setAuthState(true, "");
  try {
    // a guest who registers keeps their history: send the guest token along
    const token = kind === "register" ? app.token : null;
    const data = await api("POST", `/${kind}`, fields, token);
    if (app.conn) app.conn.close();
    app.conn = null;
    app.token = data.token;
    app.user = { id: data.user.id, name: data.user.name, guest: data.user.is_guest };
    saveToken(data.token);
    app.busy = false;
    connect();
    renderHeader();
    if (app.pendingJoin) {
      const code = app.pendingJoin;
      app.pendingJoin = null;
      joinByCode(code);
    }
    if (currentRoute().name === "lobby") renderLobby();
  } catch (err) {
    setAuthState(false, errorText(err));
  }
}

// ---- commands from the lobby -----------------------------------------------------------------

async function run(promise) {
  app.formError = "";
  try {
    const ack = await promise;
    if (ack && ack.table) {
      if (!app.myTables.includes(ack.table)) app.myTables = [...app.myTables, ack.table];
      go(`#/t/${ack.table}`);
    }
  } catch (err) {
    if (err.code === "already_seated" && app.myTables.length) {
      app.formError = t("error.already_seated");
    } else {
      app.formError = errorText(err);
    }
    renderLobby();
  }
}

function joinByCode(code) {
  const clean = String(code).trim().toUpperCase();
  if (!/^[A-Z0-9]{1,16}$/.test(clean)) {
    app.formError = t("lobby.badCode");
    renderLobby();
    return;
  }
  run(app.conn.command("join", { code: clean }));
}

// ---- header ------------------------------------------------------------------------------------

function renderHeader() {
  const header = $("#header");
  const skip = $(".skip-link");
  if (skip) skip.textContent = t("nav.skip");
  const status = app.conn?.status;
  const select = h(
    "select",
    {
      "data-testid": "lang-select",
      "aria-label": t("nav.language"),
      onchange: (e) => setLang(e.target.value),
    },
    LANGS.map((l) => h("option", { value: l.code, selected: l.code === lang(), lang: l.code, text: l.name })),
  );
  mount(
    header,
    h(
      "a",
      { class: "brand", href: "#/", "data-testid": "nav-lobby" },
      h("span", { class: "brand-mark", "aria-hidden": "true", text: "♠" }),
      h("span", { text: t("hero.title") }),
    ),
    h(
      "nav",
      { "aria-label": t("nav.main") },
      h("a", { href: "#/", text: t("nav.lobby") }),
      h("a", { href: "#/leaderboard", "data-testid": "nav-leaderboard", text: t("nav.leaderboard") }),
      app.token ? h("a", { href: "#/history", "data-testid": "nav-history", text: t("nav.history") }) : null,
    ),
    h(
      "div",
      { class: "header-right" },
      app.token && status && status !== "open"
        ? h("span", { class: "conn-dot", "data-testid": "conn-header", text: t("conn.reconnecting") })
        : null,
      app.user
        ? h(
            "span",
            { class: "user-chip", "data-testid": "user-name" },
            h("span", { text: app.user.name }),
            app.user.guest ? h("span", { class: "badge", text: t("auth.guest") }) : null,
            !app.user.guest && typeof app.rating === "number"
              ? h("span", { class: "badge rating", "data-testid": "user-rating", title: t("board.rating"), text: Math.round(app.rating) })
              : null,
          )
        : null,
      app.token
        ? h("button", { class: "btn small ghost", "data-testid": "logout", onclick: () => signOut(true), text: t("auth.logout") })
        : null,
      h("label", { class: "lang" }, h("span", { class: "sr-only", text: t("nav.language") }), select),
    ),
  );
}

// ---- lobby ---------------------------------------------------------------------------------

function field(label, control) {
  return h("label", { class: "field" }, h("span", { text: label }), control);
}

function rulesOptions(testid, selected = "exact11") {
  const presets = ["exact11", "to21", "hands11", "hands20", "exact5", "exact3"];
  return h(
    "select",
    { "data-testid": testid, name: "rules" },
    presets.map((p) => h("option", { value: p, selected: p === selected, text: rulesLabel(p) })),
  );
}

function levelOptions(testid) {
  return h(
    "select",
    { "data-testid": testid, name: "level" },
    ["easy", "medium", "hard", "expert"].map((l) =>
      h("option", { value: l, selected: l === "medium", text: t(`level.${l}`) }),
    ),
  );
}

function renderAuth() {
  const tabs = ["guest", "login", "register"];
  const tabBar = h(
    "div",
    { class: "tabs", role: "tablist" },
    tabs.map((tab) =>
      h("button", {
        class: `tab${app.authTab === tab ? " active" : ""}`,
        role: "tab",
        "aria-selected": String(app.authTab === tab),
        "data-testid": `auth-tab-${tab}`,
        onclick: () => {
          app.authTab = tab;
          app.authError = "";
          renderLobby();
        },
        text: t(`auth.tab.${tab}`),
      }),
    ),
  );
  let form;
  if (app.authTab === "guest") {
    form = h(
      "form",
      {
        class: "stack",
        onsubmit: (e) => {
          e.preventDefault();
          const name = e.target.elements.name.value.trim();
          if (!name) return;
          authenticate("guest", { name });
        },
      },
      field(t("auth.nickname"), h("input", { name: "name", maxlength: "20", required: true, autocomplete: "nickname", "data-testid": "guest-name" })),
      h("button", { class: "btn primary", type: "submit", disabled: app.busy, "data-testid": "guest-submit", text: t("auth.playAsGuest") }),
    );
  } else {
    const kind = app.authTab;
    form = h(
      "form",
      {
        class: "stack",
        onsubmit: (e) => {
          e.preventDefault();
          const name = e.target.elements.name.value.trim();
          const password = e.target.elements.password.value;
          authenticate(kind, { name, password });
        },
      },
      field(t("auth.name"), h("input", { name: "name", maxlength: "20", required: true, autocomplete: "username", "data-testid": `${kind}-name` })),
      field(
        t("auth.password"),
        h("input", {
          name: "password",
          type: "password",
          required: true,
          autocomplete: kind === "login" ? "current-password" : "new-password",
          "data-testid": `${kind}-password`,
        }),
      ),
      h("button", { class: "btn primary", type: "submit", disabled: app.busy, "data-testid": `${kind}-submit`, text: t(`auth.${kind}`) }),
    );
  }
  return h(
    "section",
    { class: "panel auth", "aria-labelledby": "auth-title" },
    h("h2", { id: "auth-title", text: t("auth.title") }),
    h("p", { class: "muted", text: app.pendingJoin ? t("auth.toJoin", { code: app.pendingJoin }) : t("auth.intro") }),
    tabBar,
    form,
    h("p", { class: "message error", role: "alert", "data-testid": "auth-error", hidden: !app.authError, text: app.authError }),
  );
}

function renderPlay() {
  const computer = h(
    "form",
    {
      class: "card-panel",
      onsubmit: (e) => {
        e.preventDefault();
        const f = e.target.elements;
        run(
          app.conn.command("play_computer", {
            options: { rules: f.rules.value, bot_level: f.level.value, public: false, turn_time: 0 },
          }),
        );
      },
    },
    h("h3", { text: t("lobby.vsComputer") }),
    h("p", { class: "muted", text: t("lobby.vsComputerHelp") }),
    field(t("lobby.level"), levelOptions("computer-level")),
    field(t("lobby.rules"), rulesOptions("computer-rules")),
    h("button", { class: "btn primary", type: "submit", "data-testid": "play-computer", text: t("lobby.playNow") }),
  );
  const quick = h(
    "div",
    { class: "card-panel" },
    h("h3", { text: t("lobby.quickMatch") }),
    h("p", { class: "muted", text: t("lobby.quickMatchHelp") }),
    h("div", { id: "queue-box" }),
  );
  const create = h(
    "form",
    {
      class: "card-panel",
      "data-testid": "create-form",
      onsubmit: (e) => {
        e.preventDefault();
        const f = e.target.elements;
        let rules = f.rules.value;
        if (rules === "custom") rules = `exact${Math.max(3, Math.min(21, Number(f.target.value) || 11))}`;
        const seat = Number(f.seat.value);
        const bots = [];
        if (f.botPartner.checked) bots.push((seat + 2) % 4);
        if (f.botOpponents.checked) bots.push((seat + 1) % 4, (seat + 3) % 4);
        run(
          app.conn.command("create_table", {
            options: {
              rules,
              quintola: f.quintola.checked,
              turn_time: Number(f.turn.value),
              bot_level: f.level.value,
              public: f.public.checked,
            },
            seat,
            bots,
          }),
        );
      },
    },
    h("h3", { text: t("lobby.createTable") }),
    h(
      "div",
      { class: "grid2" },
      field(
        t("lobby.rules"),
        h(
          "select",
          {
            name: "rules",
            "data-testid": "create-rules",
            onchange: (e) => {
              e.target.form.querySelector(".target-field").hidden = e.target.value !== "custom";
            },
          },
          ["exact11", "to21", "hands11", "hands20"].map((p) => h("option", { value: p, text: rulesLabel(p) })),
          h("option", { value: "custom", text: t("rules.custom") }),
        ),
      ),
      h(
        "label",
        { class: "field target-field", hidden: true },
        h("span", { text: t("lobby.target") }),
        h("input", { name: "target", type: "number", min: "3", max: "21", value: "11", "data-testid": "create-target" }),
      ),
      field(
        t("lobby.turnTime"),
        h(
          "select",
          { name: "turn", "data-testid": "create-turn-time" },
          [15, 30, 60, 0].map((s) => h("option", { value: s, selected: s === 30, text: s ? t("lobby.seconds", { n: s }) : t("lobby.noTimer") })),
        ),
      ),
      field(t("lobby.level"), levelOptions("create-bot-level")),
      field(
        t("lobby.seat"),
        h(
          "select",
          { name: "seat", "data-testid": "create-seat" },
          [0, 1, 2, 3].map((s) => h("option", { value: s, text: t("table.seatN", { n: s + 1 }) })),
        ),
      ),
    ),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "quintola", checked: true, "data-testid": "create-quintola" }), h("span", { text: t("lobby.quintola") })),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "public", checked: true, "data-testid": "create-public" }), h("span", { text: t("lobby.public") })),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "botPartner", "data-testid": "create-bot-partner" }), h("span", { text: t("lobby.botPartner") })),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "botOpponents", "data-testid": "create-bot-opponents" }), h("span", { text: t("lobby.botOpponents") })),
    h("button", { class: "btn primary", type: "submit", "data-testid": "create-table", text: t("lobby.create") }),
  );
  const join = h(
    "form",
    {
      class: "card-panel",
      onsubmit: (e) => {
        e.preventDefault();
        joinByCode(e.target.elements.code.value);
      },
    },
    h("h3", { text: t("lobby.joinByCode") }),
    h(
      "div",
      { class: "row" },
      h("input", { name: "code", maxlength: "16", required: true, "aria-label": t("table.inviteCode"), placeholder: t("table.inviteCode"), "data-testid": "join-code", autocomplete: "off" }),
      h("button", { class: "btn", type: "submit", "data-testid": "join-submit", text: t("lobby.join") }),
    ),
  );
  // a guest can keep everything (same user id, same history) by choosing a password
  const upgrade = app.user?.guest
    ? h(
        "form",
        {
          class: "card-panel auth upgrade",
          "data-testid": "upgrade-form",
          onsubmit: (e) => {
            e.preventDefault();
            const f = e.target.elements;
            authenticate("register", { name: f.name.value.trim(), password: f.password.value });
          },
        },
        h("h3", { text: t("auth.upgradeTitle") }),
        h("p", { class: "muted", text: t("auth.upgradeText") }),
        field(t("auth.name"), h("input", { name: "name", maxlength: "20", required: true, value: app.user.name, autocomplete: "username", "data-testid": "upgrade-name" })),
        field(t("auth.password"), h("input", { name: "password", type: "password", required: true, autocomplete: "new-password", "data-testid": "upgrade-password" })),
        h("button", { class: "btn", type: "submit", "data-testid": "upgrade-submit", text: t("auth.register") }),
        h("p", { class: "message error", role: "alert", "data-testid": "auth-error", hidden: !app.authError, text: app.authError }),
      )
    : null;
  const resume = app.myTables.length
    ? h(
        "div",
        { class: "card-panel resume" },
        h("h3", { text: t("lobby.yourTables") }),
        app.myTables.map((id) =>
          h("button", { class: "btn primary", "data-testid": "resume-table", onclick: () => go(`#/t/${id}`), text: t("lobby.resume") }),
        ),
      )
    : null;
  return h(
    "section",
    { class: "panel play", "aria-labelledby": "play-title" },
    h("h2", { id: "play-title", text: t("lobby.play") }),
    app.formError ? h("p", { class: "message error", role: "alert", "data-testid": "lobby-error", text: app.formError }) : null,
    h("div", { class: "play-grid" }, resume, computer, quick, create, join, upgrade),
  );
}

function renderQueue() {
  const box = $("#queue-box");
  if (!box) return;
  if (app.queue) {
    mount(
      box,
      h("p", {
        "data-testid": "queue-status",
        role: "status",
        text: t("lobby.queueWaiting", { n: app.queue.waiting, s: Math.ceil(app.queue.fill_in) }),
      }),
      h("button", {
        class: "btn ghost",
        "data-testid": "quick-match-cancel",
        onclick: () => {
          app.conn.command("quick_match", { on: false }).catch(() => null);
          app.queue = null;
          renderQueue();
        },
        text: t("common.cancel"),
      }),
    );
  } else {
    mount(
      box,
      h("button", {
        class: "btn primary",
        "data-testid": "quick-match",
        onclick: () => {
          app.formError = "";
          app.conn.command("quick_match", { on: true }).catch((err) => {
            app.formError = errorText(err);
            renderLobby();
          });
        },
        text: t("lobby.findMatch"),
      }),
    );
  }
}

function renderTablesList() {
  const box = $("#tables-box");
  if (!box) return;
  const rows = [...app.lobbyTables.values()].filter((x) => x.status === "open" || x.status === "playing");
  if (!rows.length) {
    mount(box, h("p", { class: "muted", "data-testid": "no-tables", text: t("lobby.noTables") }));
    return;
  }
  mount(
    box,
    h(
      "ul",
      { class: "table-list", "data-testid": "open-tables" },
      rows.map((x) => {
        const free = x.seats.filter((s) => !s.name).length;
        const names = x.seats.map((s) => s.name || "—").join(" · ");
        return h(
          "li",
          { "data-testid": `table-row-${x.id}` },
          h(
            "div",
            { class: "row-main" },
            h("strong", { text: rulesLabel(x.options.rules) }),
            h("span", { class: `status ${x.status}`, text: t(`lobby.status.${x.status}`) }),
            x.status === "playing" ? h("span", { class: "muted", text: `${x.score[0]}–${x.score[1]}` }) : null,
            h("span", { class: "muted", text: t("lobby.freeSeats", { n: free }) }),
          ),
          h("div", { class: "row-names muted", text: names }),
          h(
            "div",
            { class: "row-buttons" },
            x.status === "open" && free
              ? h("button", { class: "btn small primary", "data-testid": `join-${x.id}`, onclick: () => run(app.conn.command("join", { table: x.id })), text: t("lobby.sit") })
              : null,
            h("button", { class: "btn small ghost", "data-testid": `watch-${x.id}`, onclick: () => go(`#/t/${x.id}`), text: t("lobby.watch") }),
          ),
        );
      }),
    ),
  );
}

function renderLobby() {
  const main = root();
  if (!app.token) {
    mount(main, h("div", { class: "lobby", "data-testid": "lobby" }, hero(), renderAuth(), tablesPanel()));
  } else {
    mount(main, h("div", { class: "lobby", "data-testid": "lobby" }, hero(), renderPlay(), tablesPanel()));
  }
  renderQueue();
  renderTablesList();
}

function hero() {
  // a fan of five cards from our own deck: one of each figure and suit
  const fan = h(
    "div",
    { class: "fan", "aria-hidden": "true" },
    ["AO", "3C", "RE", "CB", "SO"].map((code, i) =>
      svgBox("span", { class: "fan-card", style: `--i:${i - 2}` }, cardSvg(cardId(code))),
    ),
  );
  return h(
    "section",
    { class: `hero${app.token ? " compact" : ""}` },
    fan,
    h("div", { class: "hero-text" }, h("h1", { text: t("hero.title") }), h("p", { text: t("hero.text") })),
  );
}

function tablesPanel() {
  return h(
    "div",
    { class: "side-stack" },
    h(
      "section",
      { class: "panel tables", "aria-labelledby": "tables-title" },
      h("h2", { id: "tables-title", text: t("lobby.openTables") }),
      h("div", { id: "tables-box" }),
    ),
    h(
      "details",
      { class: "panel help", "data-testid": "how-to-play", open: !app.token },
      h("summary", { text: t("help.title") }),
      h(
        "ul",
        {},
        [1, 2, 3, 4, 5, 6].map((n) => h("li", { text: t(`help.${n}`) })),
      ),
    ),
  );
}

// ---- leaderboard and history -------------------------------------------------------------------

async function renderLeaderboard() {
  const main = root();
  mount(main, h("section", { class: "panel", "data-testid": "leaderboard" }, h("h2", { text: t("nav.leaderboard") }), h("p", { class: "muted", text: t("common.loading") })));
  let data;
  try {
    data = await api("GET", "/leaderboard?limit=50");
  } catch (err) {
    mount(main, h("section", { class: "panel", "data-testid": "leaderboard" }, h("h2", { text: t("nav.leaderboard") }), h("p", { class: "message error", text: errorText(err) })));
    return;
  }
  const rows = data.entries || [];
  mount(
    main,
    h(
      "section",
      { class: "panel", "data-testid": "leaderboard" },
      h("h2", { text: t("nav.leaderboard") }),
      rows.length
        ? h(
            "table",
            { class: "data" },
            h("thead", {}, h("tr", {}, ["#", t("board.player"), t("board.rating"), t("board.matches"), t("board.wins")].map((x) => h("th", { scope: "col", text: x })))),
            h(
              "tbody",
              {},
              rows.map((r) =>
                h("tr", { class: r.user_id === app.user?.id ? "me" : "" }, h("td", { text: r.rank }), h("td", { text: r.name }), h("td", { text: Math.round(r.rating) }), h("td", { text: r.matches }), h("td", { text: r.wins })),
              ),
            ),
          )
        : h("p", { class: "muted", text: t("board.empty") }),
    ),
  );
}

function formatDate(seconds) {
  try {
    return new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
  } catch {
    return new Date(seconds * 1000).toISOString();
  }
}

/** Who we are, from the REST API when the websocket has not said it yet. */
async function ensureUser() {
  if (app.user || !app.token) return;
  try {
    const me = await api("GET", "/me");
    app.user = app.user || { id: me.id, name: me.name, guest: me.is_guest };
  } catch {
    // the websocket's welcome will tell us, or the token is dead and sign-out follows
  }
}

async function renderHistory() {
  const main = root();
  await ensureUser();
  const shell = (...children) => mount(main, h("section", { class: "panel", "data-testid": "history" }, h("h2", { text: t("nav.history") }), ...children));
  if (!app.token) {
    shell(h("p", { class: "muted", text: t("history.signIn") }));
    return;
  }
  shell(h("p", { class: "muted", text: t("common.loading") }));
  let data;
  try {
    data = await api("GET", "/history?limit=50");
  } catch (err) {
    shell(h("p", { class: "message error", text: errorText(err) }));
    return;
  }
  const matches = data.matches || [];
  if (!matches.length) {
    shell(h("p", { class: "muted", "data-testid": "history-empty", text: t("history.empty") }));
    return;
  }
  shell(
    h(
      "ul",
      { class: "history-list" },
      matches.map((m) => {
        const me = m.players.find((p) => p.user_id === app.user?.id);
        const myTeam = me ? me.seat & 1 : 0;
        const won = m.winner === myTeam;
        return h(
          "li",
          { "data-testid": `history-row-${m.id}` },
          h("span", { class: `result ${won ? "good" : "bad"}`, text: won ? t("history.won") : t("history.lost") }),
          h("span", { class: "score", text: `${m.score[myTeam]}–${m.score[1 - myTeam]}` }),
          h("span", { class: "muted", text: formatDate(m.finished_at) }),
          h("span", { class: "muted names", text: m.players.map((p) => p.name).join(" · ") }),
          h("span", { class: "muted", text: t("history.hands", { n: m.hand_count }) }),
          h("a", { class: "btn small primary", href: `#/replay/${encodeURIComponent(m.id)}`, "data-testid": `open-replay-${m.id}`, text: t("history.replay") }),
          h("a", { class: "btn small ghost", href: `/api/matches/${encodeURIComponent(m.id)}/records.jsonl`, download: "", text: t("history.download") }),
        );
      }),
    ),
  );
}

// ---- routing -------------------------------------------------------------------------------

function currentRoute() {
  const hash = location.hash || "#/";
  let m;
  if ((m = /^#\/t\/([\w-]+)$/.exec(hash))) return { name: "table", id: m[1] };
  if ((m = /^#\/join\/(\w+)$/.exec(hash))) return { name: "join", code: m[1] };
  if ((m = /^#\/replay\/(.+)$/.exec(hash))) return { name: "replay", id: decodeURIComponent(m[1]) };
  if (hash === "#/leaderboard") return { name: "leaderboard" };
  if (hash === "#/history") return { name: "history" };
  return { name: "lobby" };
}

function go(hash) {
  if (location.hash !== hash) location.hash = hash;
}

function route() {
  if (app.screen) {
    app.screen.destroy();
    app.screen = null;
  }
  const r = currentRoute();
  document.body.dataset.route = r.name;
  if (app.conn) app.conn.lobby(r.name === "lobby");
  renderHeader();
  app.formError = r.name === "lobby" ? app.formError : "";
  switch (r.name) {
    case "table":
      if (!app.token) {
        go("#/");
        return;
      }
      connect();
      app.screen = new TableScreen(root(), app.conn, r.id, {
        onLeave: (left) => {
          if (left) app.myTables = app.myTables.filter((id) => id !== r.id);
          go("#/");
        },
        toast,
      });
      return;
    case "join":
      if (!app.token) {
        app.pendingJoin = r.code;
        renderLobby();
        return;
      }
      connect();
      go("#/");
      joinByCode(r.code);
      return;
    case "leaderboard":
      renderLeaderboard();
      return;
    case "history":
      renderHistory();
      return;
    case "replay":
      ensureUser();
      app.screen = new ReplayScreen(root(), r.id, {
        onBack: () => go("#/history"),
        userId: () => app.user?.id,
      });
      return;
    default:
      connect();
      renderLobby();
  }
}

async function boot() {
  await setLang(initialLang());
  onLangChange(() => {
    renderHeader();
    const r = currentRoute().name;
    if (r === "lobby") renderLobby();
    else if (r === "leaderboard") renderLeaderboard();
    else if (r === "history") renderHistory();
    document.title = t("app.title");
  });
  document.title = t("app.title");
  window.addEventListener("hashchange", route);
  connect();
  route();
  document.body.dataset.ready = "true";
}

boot().catch((err) => {
  console.error(err);
  mount(root(), h("p", { class: "message error", text: String(err) }));
});

// exposed for the end-to-end tests and for debugging from the console
window.cuatrola = { app };
