// The network side: the REST API (docs/rest.md) and the websocket protocol (docs/protocol.md).
//
// The websocket connection reconnects by itself with a growing delay. After each reconnect it
// says hello again, re-subscribes every table it follows with the last event sequence number it
// has (so the server sends exactly the missed events), and re-sends every command that was not
// acknowledged yet with the SAME id (the server applies a repeated id once).

import { attachContributor } from "./shuffle.js";

const TOKEN_KEY = "cuatrola.token";

export function savedToken() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function saveToken(token) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage disabled: the session lasts for this page only
  }
}

/** An error from the server: `code` (for the catalogue, "error.<code>") and its message. */
export class ServerError extends Error {
  constructor(code, message, status = 0) {
    super(message || code);
    this.code = code;
    this.status = status;
  }
}

/** Call the REST API. Returns the decoded JSON body; throws ServerError on failure. */
export async function api(method, path, body, token = savedToken()) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ServerError("network", "network error");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    // the API answers {"error": CODE, "message": TEXT}
    const code = data && typeof data.error === "string" ? data.error : `http_${response.status}`;
    const message = data && typeof data.message === "string" ? data.message : "";
    throw new ServerError(code, message, response.status);
  }
  return data;
}

let counter = 0;
/** A fresh command id (unique per page; the server de-duplicates by it). */
export function commandId() {
  counter += 1;
  return `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${counter}`;
}

/**
 * One websocket connection to the card room.
 *
 * Events: "state" ({status}), "welcome" (msg), "message" (every server message), "lobby",
 * "lobby_update", "queue", "seated", "sync", "event", "presence", "error".
 */
// A command answered "unavailable" is sent again every second, for up to 30 seconds.
const UNAVAILABLE_TRIES = 30;
const UNAVAILABLE_RETRY_MS = 1000;

export class Connection {
  constructor(token) {
    this.token = token;
    this.ws = null;
    this.status = "idle"; // idle | connecting | open | reconnecting | closed
    this.user = null;
    this.pending = new Map(); // id -> {msg, resolve, reject}
    this.tables = new Map(); // table id -> last seq (or null before the first sync)
    this.lobbyOn = false;
    this.queued = false; // in the quick match queue: joined again after every welcome
    this.handlers = new Map();
    this.retry = 0;
    this.timer = null;
    this.pingTimer = null;
    this.closedByUs = false;
    attachContributor(this); // this seat's share of every verifiable shuffle (shuffle.js)
  }

  on(name, fn) {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name).add(fn);
    return () => this.handlers.get(name).delete(fn);
  }

  emit(name, payload) {
    for (const fn of this.handlers.get(name) || []) {
      try {
        fn(payload);
      } catch (err) {
        console.error(err);
      }
    }
  }

  setStatus(status) {
    this.status = status;
    this.emit("state", { status });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws`;
  }

  connect() {
    this.closedByUs = false;
    clearTimeout(this.timer);
    this.setStatus(this.retry ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, client: "web/1.0" }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.handle(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      if (this.closedByUs) {
        this.setStatus("closed");
      } else {
        this.scheduleReconnect();
      }
    };
    ws.onerror = () => {
      // onclose follows and schedules the reconnect
    };
  }

  scheduleReconnect() {
    this.retry += 1;
    this.setStatus("reconnecting");
    const delay = Math.min(8000, 400 * 2 ** Math.min(this.retry - 1, 5)) * (0.8 + Math.random() * 0.4);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  close() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
    for (const { reject } of this.pending.values()) reject(new ServerError("closed", "closed"));
    this.pending.clear();
  }

  /** Drop the socket without saying goodbye (tests and "reconnect now"). */
  drop() {
    if (this.ws) this.ws.close();
  }

  sendRaw(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN && this.status === "open") {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Send a command with an id; resolves with the ack, rejects with a ServerError. */
  command(type, fields = {}) {
    const msg = { type, id: commandId(), ...fields };
    return new Promise((resolve, reject) => {
      this.pending.set(msg.id, { msg, resolve, reject });
      this.sendRaw(msg); // if offline, it is sent after the next welcome
    });
  }

  /**
   * Follow a table's events (as its seat's owner or as a spectator). With `fresh`, ask for a
   * full snapshot even if this connection already follows the table: taking a seat subscribes
   * us on the server's side, and that first snapshot may arrive before a screen listens.
   */
  subscribe(table, { fresh = false } = {}) {
    if (fresh || !this.tables.has(table)) this.tables.set(table, null);
    return this.command("subscribe", { table, since: this.tables.get(table) ?? undefined });
  }

  unsubscribe(table) {
    this.tables.delete(table);
    return this.command("unsubscribe", { table }).catch(() => null);
  }

  lobby(on) {
    this.lobbyOn = on;
    this.sendRaw({ type: "lobby", on });
  }

  handle(msg) {
    if (msg.type === "queue") this.queued = Boolean(msg.on);
    else if (msg.type === "seated") this.queued = false;
    switch (msg.type) {
      case "welcome": {
        this.user = msg.user;
        this.retry = 0;
        this.setStatus("open");
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.sendRaw({ type: "ping", nonce: 0 }), 25000);
        this.emit("welcome", msg);
        if (this.lobbyOn) this.sendRaw({ type: "lobby", on: true });
        // first the commands that were never acknowledged (same ids), then the missing
        // subscriptions, each asking for the events after the last one we have
        const before = [...this.pending.values()].map((p) => p.msg);
        for (const pendingMsg of before) {
          if (pendingMsg.type === "subscribe" && this.tables.has(pendingMsg.table)) {
            pendingMsg.since = this.tables.get(pendingMsg.table) ?? undefined;
          }
          this.sendRaw(pendingMsg);
        }
        for (const [table, seq] of this.tables) {
          if (!before.some((m) => m.type === "subscribe" && m.table === table)) {
            this.command("subscribe", { table, since: seq ?? undefined }).catch(() => null);
          }
        }
        // A server that restarted has forgotten its queue (a reconnection to the same one
        // has too): take our place in it again.
        if (this.queued && !before.some((m) => m.type === "quick_match")) {
          this.command("quick_match", { on: true }).catch(() => null);
        }
        break;
      }
      case "ack": {
        const p = this.pending.get(msg.id);
        if (p) {
          this.pending.delete(msg.id);
          p.resolve(msg);
        }
        break;
      }
      case "error": {
        if (msg.id && this.pending.has(msg.id)) {
          const p = this.pending.get(msg.id);
          if (msg.code === "unavailable" && (p.tries || 0) < UNAVAILABLE_TRIES) {
            // The table is being reloaded, or is moving to this node from one that went
            // down: the same command (same id, applied once) again in a moment.
            p.tries = (p.tries || 0) + 1;
            setTimeout(() => this.pending.get(msg.id) === p && this.sendRaw(p.msg), UNAVAILABLE_RETRY_MS);
            break;
          }
          this.pending.delete(msg.id);
          p.reject(new ServerError(msg.code, msg.message));
        } else if (msg.code === "unauthorized" || msg.code === "bad_token") {
          this.closedByUs = true;
          this.emit("unauthorized", msg);
        } else {
          this.emit("error", msg);
        }
        break;
      }
      case "sync": {
        this.tables.set(msg.table, msg.seq);
        this.emit("sync", msg);
        break;
      }
      case "event": {
        if (!this.tables.has(msg.table)) break;
        const last = this.tables.get(msg.table);
        if (last !== null && msg.seq <= last) break; // already seen
        if (last !== null && msg.seq > last + 1) {
          // a gap: ask again from what we have; the server replays or sends a sync
          this.command("subscribe", { table: msg.table, since: last }).catch(() => null);
          break;
        }
        this.tables.set(msg.table, msg.seq);
        this.emit("event", msg);
        break;
      }
      default:
        this.emit(msg.type, msg);
    }
    this.emit("message", msg);
  }
}
