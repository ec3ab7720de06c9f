// The application: identity, the websocket connection, the hash router and the screens.
//
// All live state (who we are, the lobby's tables, the players online, the queue, the
// connection's status) lives here as Preact state; a message updates one piece of it and
// Preact patches only what changed, so open forms, drafts and focus stay as they are.

import { useEffect, useRef, useState } from "preact/hooks";
import { onLangChange, t } from "../i18n.js";
import { Icon } from "../icons.js";
import { api, Connection, savedToken, saveToken } from "../net.js";
import { parseRoute } from "../router.js";
import { onSettingsChange } from "../settings.js";
import { errorText } from "../text.js";
import { html } from "./common.js";
import { Header } from "./Header.js";
import { History } from "./History.js";
import { Leaderboard } from "./Leaderboard.js";
import { Lobby } from "./Lobby.js";
import { Profile } from "./Profile.js";
import { Replay } from "./Replay.js";
import { TableMount } from "./TableMount.js";
import { Learn } from "../learn/Learn.js";
import { Rules } from "../learn/Rules.js";

/** What the end-to-end tests and the console may look at (window.cuatrola.app). */
export const app = { conn: null, user: null };

export function go(hash) {
  if (location.hash !== hash) location.hash = hash;
}

/** An error for the screen: a catalogue key ({key}) or a server error, translated when shown. */
function describe(error) {
  if (!error) return "";
  return error.key ? t(error.key) : errorText(error);
}

/**
 * Whether the card room can be reached: the browser says it is offline, or the server does
 * not answer /healthz (probed at start, when the socket keeps failing, and every few seconds
 * while it is down).
 */
function useNetwork(conn) {
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine !== false);
  const [serverDown, setServerDown] = useState(false);
  const probe = useRef(null);
  probe.current = async () => {
    try {
      const response = await fetch("/healthz", { cache: "no-store" });
      setServerDown(!response.ok);
    } catch {
      setServerDown(true);
    }
  };
  useEffect(() => {
    const up = () => setBrowserOnline(true);
    const down = () => setBrowserOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    probe.current();
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, []);
  useEffect(() => {
    if (!conn) return undefined;
    return conn.on("state", ({ status }) => {
      if (status === "open") setServerDown(false);
      else if (status === "reconnecting" && conn.retry >= 2) probe.current();
    });
  }, [conn]);
  useEffect(() => {
    if (browserOnline && !serverDown) return undefined;
    const id = setInterval(() => probe.current(), 4000);
    return () => clearInterval(id);
  }, [browserOnline, serverDown]);
  return { offline: !browserOnline || serverDown, retry: () => probe.current() };
}

function OfflineBanner({ onRetry }) {
  return html`<div class="offline-banner" role="alert" data-testid="offline">
    <${Icon} name="offline" size=${28} />
    <div class="offline-text">
      <strong>${t("offline.title")}</strong>
      <span>${t("offline.text")}</span>
    </div>
    <button class="btn small" data-testid="offline-retry" onClick=${onRetry}>${t("offline.retry")}</button>
  </div>`;
}

export function App() {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  const [, setTick] = useState(0);
  const [token, setToken] = useState(savedToken);
  // The token a registration is replacing: the server ends that guest login, and its socket's
  // "unauthorized" must not sign out the player who is getting the new token.
  const replacing = useRef(null);
  // after signing in, the form the focus was in is gone: the focus goes to the ways to play
  const focusAfterAuth = useRef(false);
  const [conn, setConn] = useState(null);
  const [user, setUser] = useState(null);
  const [rating, setRating] = useState(null);
  const [myTables, setMyTables] = useState([]);
  const [lobbyTables, setLobbyTables] = useState(() => new Map());
  const [online, setOnline] = useState(null);
  const [queue, setQueue] = useState(null);
  const [connStatus, setConnStatus] = useState("idle");
  const [formError, setFormError] = useState(null);
  const [pendingJoin, setPendingJoin] = useState(null);
  const [pendingTable, setPendingTable] = useState(null);
  const [authState, setAuthState] = useState({ busy: false, error: null });
  const [toasts, setToasts] = useState([]);
  const previous = useRef("#/");
  const network = useNetwork(conn);

  app.user = user;

  // a language or settings change re-renders every screen in place
  useEffect(() => {
    document.title = t("app.title");
    const offLang = onLangChange(() => {
      document.title = t("app.title");
      setTick((n) => n + 1);
    });
    const offSettings = onSettingsChange(() => setTick((n) => n + 1));
    return () => {
      offLang();
      offSettings();
    };
  }, []);

  useEffect(() => {
    let last = location.hash || "#/";
    const onHash = () => {
      previous.current = last;
      last = location.hash || "#/";
      setRoute(parseRoute(location.hash));
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  // After a screen change the focus goes to the new screen's main heading (or, while it has
  // none, the main region), as on a page load: it stayed on the link or button that is gone,
  // i.e. the page's start. In the lobby that is the ways to play, not the hero's title above
  // them: whoever comes back to the lobby comes to play. Not when the player has put it in
  // the new screen already; the table screen puts it in the hand when the table comes.
  const routeKey = `${route.name}:${route.id ?? ""}`;
  const firstRoute = useRef(true);
  useEffect(() => {
    if (firstRoute.current) {
      firstRoute.current = false;
      return;
    }
    const main = document.getElementById("app");
    const active = document.activeElement;
    if (!main || (active && active !== main && main.contains(active))) return;
    const heading =
      route.name === "table"
        ? null
        : (route.name === "lobby" && document.getElementById("play-title")) ||
          main.querySelector("h1, h2");
    if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    (heading || main).focus();
  }, [routeKey]);

  useEffect(() => {
    document.body.dataset.route = route.name;
    if (route.name !== "lobby" && route.name !== "join") setFormError(null);
  }, [route.name]);

  const signOut = (callServer) => {
    if (callServer) api("POST", "/logout").catch(() => null);
    saveToken(null);
    setToken(null);
    setUser(null);
    setRating(null);
    setMyTables([]);
    setLobbyTables(new Map());
    setOnline(null);
    setQueue(null);
    go("#/");
  };

  // one connection per session token
  useEffect(() => {
    if (!token) {
      app.conn = null;
      setConn(null);
      setConnStatus("idle");
      return undefined;
    }
    const c = new Connection(token);
    app.conn = c;
    const offs = [
      c.on("welcome", (msg) => {
        setUser(msg.user);
        setMyTables(msg.tables || []);
      }),
      c.on("unauthorized", () => {
        if (replacing.current !== token) signOut(false);
      }),
      c.on("lobby", (msg) => {
        setLobbyTables(new Map(msg.tables.map((x) => [x.id, x])));
        if (typeof msg.online === "number") setOnline(msg.online);
      }),
      c.on("lobby_update", (msg) =>
        setLobbyTables((before) => {
          const next = new Map(before);
          if (msg.removed) next.delete(msg.table.id);
          else next.set(msg.table.id, msg.table);
          return next;
        }),
      ),
      c.on("online", (msg) => typeof msg.players === "number" && setOnline(msg.players)),
      // the wait is told once, when the queue changes: the lobby counts it down from here
      c.on("queue", (msg) => setQueue(msg.on ? { ...msg, at: Date.now() } : null)),
      c.on("seated", (msg) => {
        setQueue(null);
        go(`#/t/${msg.table}`);
      }),
      c.on("state", ({ status }) => setConnStatus(status)),
    ];
    c.lobbyOn = parseRoute(location.hash).name === "lobby"; // subscribed again after every welcome
    c.connect();
    setConn(c);
    return () => {
      for (const off of offs) off();
      c.close();
    };
  }, [token]);

  // who we are, from the REST API when the websocket has not said it yet
  useEffect(() => {
    if (!token || user) return;
    api("GET", "/me", undefined, token)
      .then((me) => setUser((u) => u || { id: me.id, name: me.name, guest: me.guest }))
      .catch(() => null);
  }, [token]);

  // The header's rating, asked again on every screen change: a rated match changes it while
  // the player is at the table, and the way back to the lobby must show the new one.
  useEffect(() => {
    if (!token || !user || user.guest) return undefined;
    let current = true;
    api("GET", "/me", undefined, token)
      .then((me) => current && setRating(me.rating ? me.rating.rating : null))
      .catch(() => null);
    return () => {
      current = false;
    };
  }, [token, user?.id, user?.guest, routeKey]);

  useEffect(() => {
    if (conn) conn.lobby(route.name === "lobby");
  }, [conn, route.name]);

  const run = async (promise) => {
    setFormError(null);
    try {
      const ack = await promise;
      if (ack && ack.table) {
        setMyTables((tables) => (tables.includes(ack.table) ? tables : [...tables, ack.table]));
        go(`#/t/${ack.table}`);
      }
    } catch (err) {
      setFormError(err.code === "already_seated" ? { key: "error.already_seated" } : err);
    }
  };

  const joinByCode = (code, c = conn) => {
    const clean = String(code).trim().toUpperCase();
    if (!/^[A-Z0-9]{1,16}$/.test(clean)) {
      setFormError({ key: "lobby.badCode" });
      return;
    }
    if (c) run(c.command("join", { code: clean }));
  };

  // an invite link: join at once when signed in, else after choosing a name
  useEffect(() => {
    if (route.name !== "join") return;
    if (!token) {
      setPendingJoin(route.code);
      return;
    }
    if (!conn) return;
    go("#/");
    joinByCode(route.code, conn);
  }, [route, token, conn]);

  useEffect(() => {
    if (conn && pendingJoin) {
      const code = pendingJoin;
      setPendingJoin(null);
      joinByCode(code, conn);
    }
  }, [conn, pendingJoin]);

  // a table's link opened signed out: the lobby asks for a name, then that table opens (to
  // watch it, or to play at a seat we hold). Signing out leaves the hash "#/" at once, so
  // the table being left is not taken for a link followed.
  useEffect(() => {
    if (route.name !== "table" || token) return;
    if (parseRoute(location.hash).name === "table") setPendingTable(route.id);
    go("#/");
  }, [route.name, token]);

  useEffect(() => {
    if (token && pendingTable) {
      setPendingTable(null);
      go(`#/t/${pendingTable}`);
    }
  }, [token, pendingTable]);

  const authenticate = async (kind, fields) => {
    setAuthState({ busy: true, error: null });
    try {
      // a guest who registers keeps their history: send the guest token along
      if (kind === "register") replacing.current = token;
      const data = await api("POST", `/${kind}`, fields, kind === "register" ? token : null);
      saveToken(data.token);
      setUser({ id: data.user.id, name: data.user.name, guest: data.user.guest });
      setAuthState({ busy: false, error: null });
      focusAfterAuth.current = true;
      setToken(data.token);
    } catch (err) {
      replacing.current = null;
      setAuthState({ busy: false, error: err });
    }
  };

  useEffect(() => {
    if (!focusAfterAuth.current) return;
    focusAfterAuth.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.id !== "app") return; // the player went on
    (document.getElementById("play-title") || document.getElementById("app"))?.focus();
  }, [token, user]);

  const toast = (text) => {
    const id = `${Date.now()}-${Math.random()}`;
    setToasts((list) => [...list, { id, text }]);
    setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), 4000);
  };

  const auth = {
    busy: authState.busy,
    error: describe(authState.error),
    // the refusal itself: a new object at every refused attempt, even with the same text
    failure: authState.error,
    clear: () => setAuthState((s) => ({ ...s, error: null })),
  };

  let screen;
  switch (route.name) {
    case "table":
      screen =
        token && conn
          ? html`<${TableMount} key=${`${route.id}:${token}`} conn=${conn} tableId=${route.id} me=${user} go=${go} toast=${toast}
              onLeave=${(left) => {
                if (left) setMyTables((tables) => tables.filter((id) => id !== route.id));
                go("#/");
              }} />`
          : null;
      break;
    case "leaderboard":
      screen = html`<${Leaderboard} user=${user} />`;
      break;
    case "history":
      screen = html`<${History} token=${token} user=${user} />`;
      break;
    case "replay":
      screen = html`<${Replay} key=${route.id} matchId=${route.id} userId=${user?.id}
        onBack=${() => go(/^#\/(player|history)/.test(previous.current) ? previous.current : "#/history")} />`;
      break;
    case "player":
      screen = html`<${Profile} key=${route.id} userId=${route.id} me=${user} />`;
      break;
    case "learn":
      screen = html`<${Learn} />`;
      break;
    case "rules":
      screen = html`<${Rules} />`;
      break;
    default:
      screen = html`<${Lobby} token=${token} user=${user} conn=${conn} myTables=${myTables} lobbyTables=${lobbyTables}
        online=${online} queue=${queue} setQueue=${setQueue} formError=${describe(formError)}
        setFormError=${setFormError}
        pendingJoin=${pendingJoin} auth=${auth} onAuth=${authenticate} run=${run} joinByCode=${joinByCode} go=${go} />`;
  }

  return html`
    <a class="skip-link" href="#app" onClick=${(e) => {
      e.preventDefault();
      document.getElementById("app")?.focus();
    }}>${t("nav.skip")}</a>
    <${Header} token=${token} user=${user} rating=${rating} connStatus=${connStatus} offline=${network.offline}
      onSignOut=${() => signOut(true)} />
    ${network.offline ? html`<${OfflineBanner} onRetry=${network.retry} />` : null}
    <main id="app" tabindex="-1">${screen}</main>
    <div class="toasts" aria-live="polite">
      ${toasts.map((x) => html`<div key=${x.id} class="toast" data-testid="toast">${x.text}</div>`)}
    </div>`;
}
