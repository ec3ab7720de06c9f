// The table screen: one followed table, rendered from the server's views and events.
//
// Events are applied through a small queue that paces them (a card every few hundred ms, a
// pause to see each finished trick) so play stays readable when computer players act at
// once. After a reconnect with a long backlog the queue catches up without pauses.

import { cardId, cardSvg, suitIcon, SUIT_KEYS, RANK_KEYS, cardSuit, cardRank } from "./cards.js";
import { h, svgBox, mount, reducedMotion } from "./dom.js";
import { t, has, onLangChange } from "./i18n.js";
import {
  position,
  teamOf,
  legalCards,
  legalBids,
  legalCantes,
  illegalReason,
  sortHand,
  suitIndex,
  BIDS,
} from "./model.js";

export const QUICK_PHRASES = [
  "hello",
  "good_luck",
  "well_played",
  "thanks",
  "sorry",
  "oops",
  "hurry",
  "good_game",
  "rematch",
  "bye",
];

/** The localised name of a card code ("RO" -> "Rey de oros"). */
export function cardName(code) {
  const id = cardId(code);
  return t("card.name", {
    rank: t(`rank.${RANK_KEYS[cardRank(id)]}`),
    suit: t(`suit.${SUIT_KEYS[cardSuit(id)]}`),
  });
}

function suitName(suit) {
  const index = typeof suit === "string" ? suitIndex(suit) : suit;
  return t(`suit.${SUIT_KEYS[index]}`);
}

/** Pacing of events in ms; 0 in "fast" mode (localStorage cuatrola.speed = "fast"). */
function pace() {
  let speed = null;
  try {
    speed = localStorage.getItem("cuatrola.speed");
  } catch {
    speed = null;
  }
  if (speed === "fast") return { card: 0, trick: 0 };
  if (reducedMotion()) return { card: 250, trick: 900 };
  return { card: 420, trick: 1100 };
}

export class TableScreen {
  /**
   * @param {HTMLElement} root where to render
   * @param {import("./net.js").Connection} conn the connection
   * @param {string} tableId the table to follow
   * @param {{onLeave: () => void, toast: (text: string) => void}} hooks
   */
  constructor(root, conn, tableId, hooks) {
    this.root = root;
    this.conn = conn;
    this.id = tableId;
    this.hooks = hooks;
    this.info = null;
    this.seat = null;
    this.view = null;
    this.chat = [];
    this.timer = null;
    this.summary = null;
    this.showSummary = false;
    this.matchEnd = null;
    this.showLastTrick = false;
    this.flash = null; // a finished trick kept on the table for a moment
    this.selected = 0;
    this.message = null;
    this.announce = "";
    this.queue = [];
    this.pumping = false;
    this.shownTrick = new Set(); // cards already animated into the current trick
    this.muted = new Set(); // seats whose chat we hid (the server filters them)
    this.busy = false;
    this.connStatus = conn.status;
    this.offs = [
      conn.on("sync", (m) => m.table === this.id && this.onSync(m)),
      conn.on("event", (m) => m.table === this.id && this.enqueue(m)),
      conn.on("presence", (m) => m.table === this.id && this.onPresence(m)),
      conn.on("state", (s) => {
        this.connStatus = s.status;
        this.renderStatus();
      }),
    ];
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keyHandler);
    this.tick = setInterval(() => this.renderTimer(), 250);
    this.offLang = onLangChange(() => this.alive && this.render());
    this.alive = true;
    this.render();
    conn.subscribe(tableId, { fresh: true }).catch((err) => this.fail(err));
  }

  destroy() {
    this.alive = false;
    this.offLang();
    for (const off of this.offs) off();
    document.removeEventListener("keydown", this.keyHandler);
    clearInterval(this.tick);
    this.conn.unsubscribe(this.id);
  }

  fail(err) {
    this.message = { text: errorText(err), kind: "error" };
    this.render();
  }

  // ---- incoming -------------------------------------------------------------------------------

  onSync(m) {
    this.queue = [];
    this.info = m.info;
    this.seat = m.seat;
    this.view = m.view;
    this.chat = m.chat || [];
    this.timer = m.timer
      ? {
          seat: m.timer.seat,
          deadline: Date.now() + m.timer.seconds * 1000,
          total: Math.max(m.timer.seconds, m.info.options?.turn_time || 0) * 1000,
        }
      : null;
    this.flash = null;
    this.shownTrick = new Set((m.view?.trick || []).map((x) => x[1]));
    this.matchEnd =
      m.info.status === "finished"
        ? { winner: m.info.score[0] > m.info.score[1] ? 0 : 1, score: m.info.score }
        : null;
    if (m.view?.summary) this.summary = m.view.summary;
    this.render();
  }

  onPresence(m) {
    if (!this.info) return;
    this.info = {
      ...this.info,
      seats: this.info.seats.map((s) => (s.seat === m.seat ? { ...s, online: m.online } : s)),
    };
    this.render();
  }

  enqueue(m) {
    this.queue.push(m);
    if (!this.pumping) this.pump();
  }

  async pump() {
    this.pumping = true;
    while (this.queue.length && this.alive) {
      const m = this.queue.shift();
      const delay = this.apply(m.body);
      this.render();
      // catch up at once when far behind (a reconnect replays many events)
      if (delay > 0 && this.queue.length < 8) await new Promise((r) => setTimeout(r, delay));
    }
    this.pumping = false;
  }

  /** Apply one event body; return how long to wait before the next one. */
  apply(body) {
    if (!body) return 0;
    const speed = pace();
    switch (body.kind) {
      case "seats":
        this.info = body.info;
        return 0;
      case "match_start":
        this.matchEnd = null;
        this.summary = null;
        this.showSummary = false;
        this.info = this.info && { ...this.info, score: [0, 0], hands_played: 0 };
        return 0;
      case "deal":
        this.view = body.view;
        this.flash = null;
        this.shownTrick = new Set();
        this.selected = 0;
        this.message = null;
        this.timer = null;
        this.announce = this.about(body.view.dealer, "log.deal");
        return speed.card;
      case "action": {
        const before = this.view;
        this.view = body.view;
        if (this.timer && this.timer.seat === body.seat) this.timer = null;
        this.message = body.seat === this.seat ? null : this.message;
        if (body.auto && body.seat === this.seat) {
          // the turn timer ran out (or we were away): say what was done for us
          this.message = { text: t("table.autoPlayed", { move: this.moveName(body.action) }), kind: "warn" };
        }
        this.announce = this.describeAction(body.seat, body.action, body.auto);
        if (body.view.to_move === this.seat && this.seat !== null && this.seat !== undefined) {
          this.announce += `. ${t("table.yourTurn")}`;
        }
        if (/^[A3RCS][OCEB]$/.test(body.action)) {
          const finished =
            before && body.view.tricks.length > before.tricks.length
              ? body.view.tricks[body.view.tricks.length - 1]
              : null;
          if (finished) {
            this.flash = finished;
            this.collecting = false;
            if (speed.trick > 400 && !reducedMotion()) {
              // near the end of the pause the cards slide to the trick's winner
              setTimeout(() => {
                if (this.flash === finished) {
                  this.collecting = true;
                  this.render();
                  setTimeout(() => {
                    if (this.flash === finished) {
                      this.flash = null; // gone to the winner; "last trick" shows it again
                      this.render();
                    }
                  }, 330);
                }
              }, speed.trick - 320);
            }
            return speed.trick;
          }
          this.flash = null;
          return speed.card;
        }
        if (body.action.startsWith("cante:")) return speed.trick;
        return speed.card;
      }
      case "hand_end":
        this.summary = body.summary;
        this.showSummary = true;
        this.summaryPinned = false;
        this.flash = null;
        this.info = this.info && {
          ...this.info,
          score: body.score,
          hands_played: body.hands_played,
        };
        this.announce = this.handResultText(body.summary.winner, body.summary.game_points);
        return speed.trick;
      case "match_end":
        this.matchEnd = body;
        this.showSummary = false;
        this.timer = null;
        this.info = this.info && { ...this.info, score: body.score, status: "finished" };
        return 0;
      case "chat":
        this.chat = [...this.chat, body].slice(-100);
        return 0;
      case "timer":
        this.timer = { seat: body.seat, deadline: Date.now() + body.seconds * 1000, total: body.seconds * 1000 };
        return 0;
      default:
        return 0;
    }
  }

  // ---- names ----------------------------------------------------------------------------------

  seatInfo(seat) {
    return this.info?.seats?.find((s) => s.seat === seat) || { seat };
  }

  seatName(seat) {
    if (seat === null || seat === undefined) return "";
    if (seat === this.seat) return t("table.you");
    const s = this.seatInfo(seat);
    if (s.bot && !s.user && s.name) {
      // computer players get a translated name; the seat number tells them apart
      const level = this.info?.options?.bot_level || "medium";
      return t("table.botName", { level: t(`level.${level}`), n: seat + 1 });
    }
    return s.name || t("table.emptySeat");
  }

  teamName(team) {
    if (this.seat === null || this.seat === undefined) return t("table.team", { n: team + 1 });
    return team === teamOf(this.seat) ? t("table.us") : t("table.them");
  }

  /** Translate `key` about `seat`; when the seat is ours use `<key>You` (verbs agree). */
  about(seat, key, params = {}) {
    if (seat === this.seat && this.seat !== null && this.seat !== undefined && has(`${key}You`)) {
      return t(`${key}You`, params);
    }
    return t(key, { ...params, seat: this.seatName(seat) });
  }

  /** "We win the hand (+2)" / "They win…" / for spectators "Team 1 wins…". */
  handResultText(team, points) {
    if (this.seat === null || this.seat === undefined) {
      return t("summary.resultTeam", { team: this.teamName(team), points });
    }
    return team === teamOf(this.seat) ? t("summary.resultWe", { points }) : t("summary.resultThey", { points });
  }

  moveName(action) {
    if (BIDS.includes(action)) return t(`bid.${action}`);
    if (action === "nocante") return t("table.noCante");
    if (action.startsWith("cante:")) return suitName(action.slice(6));
    return cardName(action);
  }

  describeAction(seat, action, auto) {
    let text;
    if (BIDS.includes(action)) text = this.about(seat, "log.bid", { bid: t(`bid.${action}`) });
    else if (action === "nocante") text = this.about(seat, "log.nocante");
    else if (action.startsWith("cante:"))
      text = this.about(seat, "log.cante", { suit: suitName(action.slice(6)) });
    else text = this.about(seat, "log.card", { card: cardName(action) });
    return auto ? `${text} (${t("log.auto")})` : text;
  }

  // ---- outgoing -------------------------------------------------------------------------------

  act(action) {
    if (this.busy) return;
    this.busy = true;
    this.message = null;
    const seq = this.conn.tables.get(this.id) ?? undefined;
    this.conn
      .command("act", { table: this.id, action, seq })
      .catch((err) => {
        this.message = { text: errorText(err), kind: "error" };
      })
      .finally(() => {
        this.busy = false;
        this.render();
      });
    this.render();
  }

  playCard(code) {
    const reason = illegalReason(this.view, code);
    if (reason) {
      const params = { ...(reason.params || {}) };
      if ("suit" in params) params.suit = suitName(params.suit);
      this.message = { text: t(reason.key, params), kind: "warn" };
      this.render();
      return;
    }
    this.act(code);
  }

  chatSend(fields) {
    this.conn.command("chat", { table: this.id, ...fields }).catch((err) => {
      this.message = { text: errorText(err), kind: "error" };
      this.render();
    });
  }

  /** A watcher of an open table takes the free seat of their choice (partner choice). */
  sitAt(seat) {
    this.conn
      .command("join", { table: this.id, seat })
      .then(() => {
        // subscribe again from scratch: the new snapshot is the seated player's
        return this.conn.subscribe(this.id, { fresh: true });
      })
      .catch((err) => this.fail(err));
  }

  bidHelp(bid) {
    // without the Quintola variant a cuatrola needs all five tricks (docs/rules.md 6)
    if (bid === "cuatrola" && this.info?.options?.quintola === false) return t("bidHelp.cuatrolaAll");
    return t(`bidHelp.${bid}`);
  }

  toggleMute(seat) {
    const on = !this.muted.has(seat);
    this.conn
      .command("mute", { table: this.id, seat, on })
      .then(() => {
        if (on) this.muted.add(seat);
        else this.muted.delete(seat);
        this.render();
      })
      .catch((err) => this.fail(err));
  }

  onKey(e) {
    if (!this.alive || !this.view) return;
    if (e.key === "Escape" && (this.showLastTrick || this.showSummary)) {
      // closes a dialog from anywhere, even while typing in the chat
      this.showLastTrick = false;
      this.showSummary = false;
      this.render();
      return;
    }
    const target = e.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) {
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key.toLowerCase() === "l" && this.view.tricks.length) {
      this.showLastTrick = !this.showLastTrick;
      this.render();
      return;
    }
    if (this.seat === null || this.seat === undefined) return; // spectators only look
    const hand = this.handOrder();
    const key = e.key;
    if (this.view.phase === "play" && hand.length) {
      if (key === "ArrowRight" || key === "ArrowLeft") {
        e.preventDefault();
        const step = key === "ArrowRight" ? 1 : -1;
        this.selected = (this.selected + step + hand.length) % hand.length;
        this.render();
        this.focusSelected();
        return;
      }
      if (/^[1-5]$/.test(key) && Number(key) <= hand.length) {
        e.preventDefault();
        this.selected = Number(key) - 1;
        this.render();
        this.focusSelected();
        return;
      }
      if ((key === "Enter" || key === " ") && target?.classList?.contains("card")) {
        // the card button's own click handler plays it
        return;
      }
      if (key === "Enter") {
        e.preventDefault();
        this.playCard(hand[Math.min(this.selected, hand.length - 1)]);
        return;
      }
    }
    const lower = key.toLowerCase();
    if (this.view.phase === "bidding") {
      const map = { p: "pass", s: "solo", c: "cuatrola", q: "quintola" };
      if (map[lower] && legalBids(this.view).includes(map[lower])) {
        e.preventDefault();
        this.act(map[lower]);
      }
    } else if (this.view.phase === "cante") {
      const options = legalCantes(this.view);
      if (lower === "n" && options.includes("nocante")) {
        e.preventDefault();
        this.act("nocante");
      } else if (lower === "k") {
        const sing = options.find((a) => a.startsWith("cante:"));
        if (sing) {
          e.preventDefault();
          this.act(sing);
        }
      }
    }
  }

  focusSelected() {
    const el = this.root.querySelector(`.hand .card[data-index="${this.selected}"]`);
    if (el) el.focus();
  }

  handOrder() {
    return this.view ? sortHand(this.view.hand || [], this.view.trump) : [];
  }

  // ---- rendering ------------------------------------------------------------------------------

  myTurn(phase) {
    const v = this.view;
    return Boolean(v && this.seat !== null && this.seat !== undefined && v.to_move === this.seat && (!phase || v.phase === phase));
  }

  render() {
    if (!this.alive) return;
    if (this.showSummary && !this.summaryPinned && this.view?.phase !== "finished" && this.myTurn()) {
      // the next hand needs us: the summary stays one click away ("last hand")
      this.showSummary = false;
    }
    const active = document.activeElement;
    // Every update re-mounts the screen: remember which control had the focus so that a
    // keyboard user does not lose their place each time an event arrives.
    const activeTestId = active?.dataset?.testid || null;
    const idle = !active || active === document.body || active.id === "app";
    const focusedInHand = Boolean(active?.closest?.(".hand")) || (idle && this.myTurn("play"));
    const chatDraft = this.root.querySelector("[data-testid=chat-input]")?.value || "";
    const chatFocused = document.activeElement?.dataset?.testid === "chat-input";
    const scroll = this.root.querySelector(".chat-lines")?.scrollTop;
    mount(this.root, this.renderScreen());
    const input = this.root.querySelector("[data-testid=chat-input]");
    if (input) {
      input.value = chatDraft;
      if (chatFocused) input.focus();
    }
    const lines = this.root.querySelector(".chat-lines");
    if (lines) lines.scrollTop = scroll === undefined ? lines.scrollHeight : lines.scrollHeight;
    const dialogButton = this.root.querySelector(".dialog .btn.primary");
    if (dialogButton && !chatFocused && this.dialogShown !== dialogButton.dataset.testid) {
      dialogButton.focus();
    } else if (focusedInHand && !dialogButton) this.focusSelected();
    else if (activeTestId && !chatFocused) {
      const again = this.root.querySelector(`[data-testid="${CSS.escape(activeTestId)}"]`);
      if (again && !again.disabled && document.activeElement !== again) again.focus();
    }
    this.dialogShown = dialogButton?.dataset?.testid || null;
    this.renderStatus();
    this.renderTimer();
  }

  renderStatus() {
    const el = this.root.querySelector("[data-testid=conn-status]");
    if (!el) return;
    const online = this.connStatus === "open";
    el.hidden = online;
    el.textContent = online ? "" : t("conn.reconnecting");
  }

  renderTimer() {
    const el = this.root.querySelector("[data-testid=turn-timer]");
    if (!el || !this.timer) return;
    const left = Math.max(0, Math.ceil((this.timer.deadline - Date.now()) / 1000));
    el.textContent = t("table.secondsLeft", { n: left });
    el.classList.toggle("urgent", left <= 5);
    const bar = this.root.querySelector(".timer-bar > span");
    if (bar) {
      const total = this.timer.total || 1;
      bar.style.width = `${Math.max(0, Math.min(100, ((this.timer.deadline - Date.now()) / total) * 100))}%`;
    }
  }

  renderScreen() {
    if (!this.info) {
      return h(
        "section",
        { class: "table-screen loading", "data-testid": "table-loading" },
        h("p", { class: "muted", text: this.message?.text || t("table.loading") }),
        h("button", { class: "btn", "data-testid": "back-lobby", onclick: () => this.hooks.onLeave(), text: t("nav.lobby") }),
      );
    }
    return h(
      "section",
      {
        class: `table-screen phase-${this.view?.phase || "waiting"}`,
        "data-testid": "table",
        "data-phase": this.view?.phase || "waiting",
        "data-seat": this.seat ?? "spectator",
      },
      h("div", { class: "conn-banner", role: "status", "data-testid": "conn-status", hidden: true }),
      this.renderBar(),
      h(
        "div",
        { class: "table-main" },
        h(
          "div",
          { class: "felt-wrap" },
          this.renderFelt(),
          this.renderActions(),
          this.renderHand(),
        ),
        this.renderSide(),
      ),
      h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "announce", text: this.announce }),
      this.showLastTrick ? this.renderLastTrick() : null,
      this.summary && this.showSummary && !this.matchEnd ? this.renderSummary() : null,
      this.matchEnd ? this.renderMatchEnd() : null,
    );
  }

  renderBar() {
    const info = this.info;
    const v = this.view;
    const myTeam = this.seat === null || this.seat === undefined ? 0 : teamOf(this.seat);
    const score = info.score || [0, 0];
    const scoreBox = (team) =>
      h(
        "div",
        { class: `score team-${team === myTeam ? "us" : "them"}` },
        h("span", { class: "score-label", text: this.teamName(team) }),
        h("span", { class: "score-value", "data-testid": `score-team-${team}`, text: score[team] }),
      );
    const rules = info.options?.rules || "exact11";
    return h(
      "header",
      { class: "table-bar" },
      h(
        "div",
        { class: "match-score", "data-testid": "match-score", "aria-label": t("table.matchScore") },
        scoreBox(myTeam),
        h("span", { class: "score-sep", text: "–" }),
        scoreBox(1 - myTeam),
        h("span", { class: "rules-tag", text: rulesLabel(rules) }),
      ),
      v
        ? h(
            "div",
            { class: "hand-info" },
            h(
              "span",
              { class: "trump-badge", "data-testid": "trump", title: t("table.trump") },
              svgBox("span", { class: "icon" }, suitIcon(suitIndex(v.trump))),
              h("span", { class: "trump-label", text: `${t("table.trump")}:` }),
              h("span", { text: suitName(v.trump) }),
            ),
            v.contract !== "pass" || v.phase !== "bidding"
              ? h("span", {
                  class: "contract",
                  "data-testid": "contract",
                  text:
                    v.bidder === null || v.bidder === undefined
                      ? v.phase === "bidding"
                        ? ""
                        : t("table.plainHand")
                      : this.about(v.bidder, "table.contractBy", { contract: t(`bid.${v.contract}`) }),
                })
              : null,
            h(
              "span",
              { class: "hand-score", "data-testid": "hand-score" },
              t("table.handPoints", {
                // card points of the tricks won plus the cantes sung (docs/rules.md 6)
                us: v.card_points[myTeam] + canteSum(v, myTeam),
                them: v.card_points[1 - myTeam] + canteSum(v, 1 - myTeam),
                ut: v.tricks_won[myTeam],
                tt: v.tricks_won[1 - myTeam],
              }),
            ),
          )
        : h("div", { class: "hand-info" }),
      h(
        "div",
        { class: "bar-buttons" },
        info.code
          ? h("span", { class: "code-tag", "data-testid": "table-code", title: t("table.inviteCode"), text: info.code })
          : null,
        h("button", {
          class: "btn small ghost",
          "data-testid": "last-trick-btn",
          disabled: !v || !v.tricks.length,
          "aria-keyshortcuts": "L",
          onclick: () => {
            this.showLastTrick = !this.showLastTrick;
            this.render();
          },
          text: t("table.lastTrick"),
        }),
        this.summary
          ? h("button", {
              class: "btn small ghost",
              "data-testid": "last-hand-btn",
              onclick: () => {
                this.showSummary = true;
                this.summaryPinned = true; // asked for: stays open until closed
                this.render();
              },
              text: t("table.lastHand"),
            })
          : null,
        h("button", {
          class: "btn small ghost",
          "data-testid": "leave-table",
          onclick: () => this.leave(),
          text: this.seat === null || this.seat === undefined ? t("table.stopWatching") : t("table.leave"),
        }),
      ),
    );
  }

  leave() {
    if (this.seat !== null && this.seat !== undefined) {
      if (this.info?.status === "playing" && !window.confirm(t("table.leaveConfirm"))) return;
      // free the seat (after the match this also declines the rematch), so the lobby can
      // start another table at once
      this.conn.command("leave", { table: this.id }).catch(() => null);
      this.hooks.onLeave(true);
      return;
    }
    this.hooks.onLeave(false);
  }

  renderFelt() {
    const v = this.view;
    const seats = [0, 1, 2, 3].map((s) => this.renderSeat(s));
    let center;
    if (this.info.status === "closed") {
      center = h(
        "div",
        { class: "waiting panel", "data-testid": "table-closed" },
        h("h2", { text: t("table.closed") }),
        h("button", { class: "btn primary", "data-testid": "back-lobby", onclick: () => this.hooks.onLeave(), text: t("nav.lobby") }),
      );
    } else if (!v || this.info.status === "open") {
      // the waiting room lists the seats itself: the felt grows to hold it
      return h("div", { class: "felt waiting-state", "data-testid": "felt" }, this.renderWaiting());
    } else center = this.renderTrick();
    return h(
      "div",
      { class: "felt", "data-testid": "felt" },
      seats,
      h("div", { class: "center" }, center),
    );
  }

  renderSeat(seat) {
    const v = this.view;
    const info = this.seatInfo(seat);
    const pos = position(seat, this.seat);
    const mine = seat === this.seat;
    const turn = v && v.to_move === seat && v.phase !== "finished";
    const out = v && v.sitting_out === seat;
    const count = v ? v.card_counts[seat] : 0;
    const badges = [];
    if (v && v.dealer === seat) badges.push(h("span", { class: "badge dealer", title: t("table.dealer"), text: t("table.dealerShort") }));
    if (v && v.mano === seat) badges.push(h("span", { class: "badge mano", title: t("table.mano"), text: t("table.manoShort") }));
    if (info.away) badges.push(h("span", { class: "badge bot", text: t("table.away") }));
    if (!info.bot && info.name && !info.online) badges.push(h("span", { class: "badge offline", text: t("table.offline") }));
    if (out) badges.push(h("span", { class: "badge out", "data-testid": "sits-out", text: t("table.sitsOut") }));
    const bidIndex = v ? (seat - v.mano + 4) % 4 : -1;
    let bid = v && bidIndex < v.bids.length ? v.bids[bidIndex] : null;
    // after the bidding only the bidder keeps a bubble: the passes would only crowd the felt
    if (v && v.phase !== "bidding" && seat !== v.bidder) bid = null;
    const backs = [];
    if (!mine) {
      for (let i = 0; i < count; i++) backs.push(svgBox("span", { class: "mini-card" }, cardSvg(null)));
    }
    const trumpHere =
      v && v.trump_card && v.dealer === seat
        ? svgBox(
            "div",
            {
              class: "trump-card",
              "data-testid": "trump-card",
              role: "img",
              "aria-label": t("table.shownTrump", { card: cardName(v.trump_card) }),
              title: t("table.shownTrump", { card: cardName(v.trump_card) }),
            },
            cardSvg(cardId(v.trump_card)),
          )
        : null;
    return h(
      "div",
      {
        class: `seat seat-${pos}${turn ? " turn" : ""}${out ? " out" : ""}${mine ? " mine" : ""} team-${teamOf(seat)}`,
        "data-testid": `seat-${pos}`,
        "data-seat": seat,
        role: "group",
        "aria-label": t("table.seatLabel", {
          name: this.seatName(seat),
          count,
        }),
      },
      h(
        "div",
        { class: "seat-head" },
        info.bot && !info.user && info.name
          ? h(
              "span",
              { class: "seat-name" },
              t("table.botShort", { n: seat + 1 }),
              // the level is left out on narrow screens, where names must stay short
              h("span", { class: "bot-level", text: ` · ${t(`level.${this.info?.options?.bot_level || "medium"}`)}` }),
            )
          : h("span", { class: "seat-name", text: this.seatName(seat) }),
        badges,
      ),
      !mine && count ? h("div", { class: "backs", "aria-hidden": "true" }, backs, h("span", { class: "count", "data-testid": `count-${pos}`, text: count })) : null,
      bid ? h("div", { class: `bid-bubble bid-${bid}`, "data-testid": `bid-bubble-${pos}`, text: t(`bid.${bid}`) }) : null,
      turn
        ? h(
            "div",
            { class: "turn-flag" },
            h("span", { text: mine ? t("table.yourTurn") : t("table.theirTurn") }),
            this.timer && this.timer.seat === seat ? h("span", { class: "timer", "data-testid": "turn-timer" }) : null,
          )
        : null,
      turn && this.timer && this.timer.seat === seat ? h("div", { class: "timer-bar", "aria-hidden": "true" }, h("span")) : null,
      trumpHere,
    );
  }

  renderTrick() {
    const v = this.view;
    let plays = v.trick;
    let winner = null;
    if (!plays.length && this.flash) {
      plays = this.flash.seats.map((s, i) => [s, this.flash.cards[i]]);
      winner = this.flash.winner;
    }
    if (v.trick.length) this.flash = null;
    const animate = !reducedMotion();
    const collect = winner !== null && this.collecting ? ` collect-${position(winner, this.seat)}` : "";
    const cards = plays.map(([seat, code]) => {
      const pos = position(seat, this.seat);
      const fresh = !this.shownTrick.has(code);
      this.shownTrick.add(code);
      return svgBox(
        "div",
        {
          class: `trick-card at-${pos}${fresh && animate ? ` enter-${pos}` : ""}${winner === seat ? " winner" : ""}${collect}`,
          "data-testid": `trick-card-${code}`,
          role: "img",
          "aria-label": `${this.seatName(seat)}: ${cardName(code)}`,
        },
        cardSvg(cardId(code)),
      );
    });
    if (!v.trick.length && !this.flash) this.shownTrick = new Set();
    const note =
      winner !== null
        ? h("div", { class: "trick-note", text: this.about(winner, "table.trickWonBy") })
        : v.phase === "bidding"
          ? h("div", { class: "trick-note", text: t("table.bidding") })
          : null;
    const emblem = cards.length
      ? null
      : h(
          "div",
          { class: "emblem", "aria-hidden": "true" },
          [0, 1, 2, 3].map((suit) => svgBox("span", { class: `emblem-suit s${suit}` }, suitIcon(suit))),
        );
    return h("div", { class: "trick", "data-testid": "trick", "aria-label": t("table.trick") }, emblem, cards, note);
  }

  renderWaiting() {
    const info = this.info;
    const link = `${location.origin}${location.pathname}#/join/${info.code}`;
    const seated = this.seat !== null && this.seat !== undefined;
    return h(
      "div",
      { class: "waiting panel", "data-testid": "waiting" },
      h("h2", { text: t("table.waiting") }),
      info.code
        ? h(
            "div",
            { class: "invite" },
            h("span", { text: t("table.inviteCode") }),
            h("strong", { class: "code", "data-testid": "invite-code", text: info.code }),
            h("input", { class: "link", readonly: true, value: link, "data-testid": "invite-link", "aria-label": t("table.inviteLink") }),
            h("button", {
              class: "btn small",
              "data-testid": "copy-link",
              onclick: (e) => {
                const input = e.target.closest(".invite")?.querySelector("input");
                const selectIt = () => {
                  // no clipboard access (plain http): select the link for Ctrl+C instead
                  input?.select();
                  this.hooks.toast(t("table.copyByHand"));
                };
                if (!navigator.clipboard) {
                  selectIt();
                  return;
                }
                navigator.clipboard.writeText(link).then(() => this.hooks.toast(t("table.copied")), selectIt);
              },
              text: t("table.copy"),
            }),
          )
        : null,
      h(
        "ul",
        { class: "seat-list" },
        info.seats.map((s) =>
          h(
            "li",
            {},
            h("span", { text: `${t("table.seatN", { n: s.seat + 1 })} · ${this.teamName(teamOf(s.seat))}` }),
            h("span", { class: "who", text: s.name ? this.seatName(s.seat) : t("table.emptySeat") }),
            !s.name && seated
              ? h("button", {
                  class: "btn small",
                  "data-testid": `add-bot-${s.seat}`,
                  onclick: () =>
                    this.conn.command("add_bot", { table: this.id, seat: s.seat }).catch((err) => this.fail(err)),
                  text: t("table.addBot"),
                })
              : null,
            !s.name && !seated
              ? h("button", {
                  class: "btn small primary",
                  "data-testid": `sit-${s.seat}`,
                  onclick: () => this.sitAt(s.seat),
                  text: t("table.sitHere"),
                })
              : null,
          ),
        ),
      ),
    );
  }

  renderActions() {
    const v = this.view;
    const nodes = [];
    const mine = v && this.seat !== null && this.seat !== undefined && v.to_move === this.seat;
    if (v && mine && v.phase === "bidding") {
      const legal = legalBids(v);
      const keys = { pass: "P", solo: "S", cuatrola: "C", quintola: "Q" };
      nodes.push(h("span", { class: "prompt", text: t("table.yourBid") }));
      for (const bid of BIDS) {
        if (!legal.includes(bid)) continue;
        nodes.push(
          h("button", {
            class: `btn bid ${bid === "pass" ? "ghost" : "primary"}`,
            "data-testid": `bid-${bid}`,
            "aria-keyshortcuts": keys[bid],
            title: this.bidHelp(bid),
            "aria-description": this.bidHelp(bid),
            disabled: this.busy,
            onclick: () => this.act(bid),
            text: `${t(`bid.${bid}`)}`,
          }),
        );
      }
    } else if (v && mine && v.phase === "cante") {
      nodes.push(h("span", { class: "prompt", text: t("table.canSing") }));
      for (const a of legalCantes(v)) {
        if (a === "nocante") continue;
        const suit = a.slice(6);
        const points = suit === v.trump ? 40 : 20;
        nodes.push(
          h(
            "button",
            {
              class: "btn primary cante",
              "data-testid": `cante-${suit}`,
              "aria-keyshortcuts": "K",
              disabled: this.busy,
              onclick: () => this.act(a),
            },
            svgBox("span", { class: "icon" }, suitIcon(suitIndex(suit))),
            h("span", { text: t("table.sing", { points, suit: suitName(suit) }) }),
          ),
        );
      }
      if (legalCantes(v).includes("nocante")) {
        nodes.push(
          h("button", {
            class: "btn ghost",
            "data-testid": "no-cante",
            "aria-keyshortcuts": "N",
            disabled: this.busy,
            onclick: () => this.act("nocante"),
            text: t("table.noCante"),
          }),
        );
      }
    } else if (v && mine && v.phase === "play") {
      nodes.push(h("span", { class: "prompt", text: t("table.playCard") }));
    } else if (v && v.phase !== "finished" && v.to_move !== null && v.to_move !== undefined) {
      nodes.push(h("span", { class: "prompt muted", text: t("table.waitingFor", { seat: this.seatName(v.to_move) }) }));
    }
    if (this.seat !== null && this.seat !== undefined && this.seatInfo(this.seat).away) {
      nodes.push(
        h("button", {
          class: "btn primary",
          "data-testid": "reclaim",
          onclick: () =>
            this.conn.command("reclaim", { table: this.id }).catch((err) => this.fail(err)),
          text: t("table.reclaim"),
        }),
      );
    }
    if (this.message) {
      nodes.push(h("span", { class: `message ${this.message.kind}`, role: "alert", "data-testid": "table-message", text: this.message.text }));
    }
    return h("div", { class: "actions", "data-testid": "actions" }, nodes);
  }

  renderHand() {
    const v = this.view;
    if (!v || this.seat === null || this.seat === undefined) {
      return this.seat === null || this.seat === undefined
        ? h("div", { class: "hand spectator", "data-testid": "spectating", text: t("table.spectating") })
        : h("div", { class: "hand" });
    }
    const hand = this.handOrder();
    if (this.selected >= hand.length) this.selected = Math.max(0, hand.length - 1);
    const legal = legalCards(v);
    const myTurnToPlay = v.phase === "play" && v.to_move === this.seat;
    const turnKey = `${v.tricks.length}/${v.trick.length}`;
    if (myTurnToPlay && this.turnKey !== turnKey) {
      // a new turn starts on the first playable card (the arrows may still pick any)
      this.turnKey = turnKey;
      const first = hand.findIndex((code) => legal.includes(code));
      if (first >= 0) this.selected = first;
    }
    const out = v.sitting_out === this.seat;
    const cards = hand.map((code, i) => {
      const isLegal = legal.includes(code);
      const cls = ["card"];
      if (myTurnToPlay) cls.push(isLegal ? "legal" : "dim");
      if (i === this.selected && myTurnToPlay) cls.push("selected");
      return svgBox(
        "button",
        {
          class: cls.join(" "),
          "data-testid": `card-${code}`,
          "data-card": code,
          "data-index": i,
          "data-legal": myTurnToPlay ? String(isLegal) : "false",
          role: "option",
          "aria-selected": String(i === this.selected),
          "aria-label": `${cardName(code)}${myTurnToPlay && !isLegal ? ` (${t("table.notPlayable")})` : ""}`,
          "aria-keyshortcuts": String(i + 1),
          tabindex: i === this.selected ? "0" : "-1",
        },
        cardSvg(cardId(code)),
      );
    });
    const el = h(
      "div",
      {
        class: `hand${out ? " out" : ""}`,
        "data-testid": "hand",
        role: "listbox",
        "aria-orientation": "horizontal",
        "aria-label": out ? t("table.yourHandOut") : t("table.yourHand"),
      },
      cards,
    );
    el.addEventListener("click", (e) => {
      const button = e.target.closest(".card");
      if (!button) return;
      this.selected = Number(button.dataset.index);
      this.playCard(button.dataset.card);
    });
    return el;
  }

  renderSide() {
    const lines = this.chat.map((c) =>
      h(
        "li",
        { class: c.seat === null || c.seat === undefined ? "spectator" : `team-${teamOf(c.seat)}` },
        h("strong", { text: `${c.name}: ` }),
        h("span", { text: c.phrase ? t(`phrase.${c.phrase}`) : c.text }),
      ),
    );
    const form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (e) => {
          e.preventDefault();
          const input = e.target.querySelector("input");
          const text = input.value.trim();
          if (!text) return;
          input.value = "";
          this.chatSend({ text: text.slice(0, 200) });
        },
      },
      h("input", {
        type: "text",
        maxlength: "200",
        "data-testid": "chat-input",
        "aria-label": t("chat.placeholder"),
        placeholder: t("chat.placeholder"),
        autocomplete: "off",
      }),
      h("button", { class: "btn small", type: "submit", "data-testid": "chat-send", text: t("chat.send") }),
    );
    const phrases = h(
      "div",
      { class: "phrases" },
      QUICK_PHRASES.map((p) =>
        h("button", {
          class: "chip",
          type: "button",
          "data-testid": `phrase-${p}`,
          onclick: () => this.chatSend({ phrase: p }),
          text: t(`phrase.${p}`),
        }),
      ),
    );
    const others = (this.info?.seats || []).filter((s) => s.user && s.seat !== this.seat);
    const mutes = others.length
      ? h(
          "div",
          { class: "mutes" },
          h("span", { class: "muted", text: t("chat.mute") }),
          others.map((s) =>
            h("button", {
              class: `chip${this.muted.has(s.seat) ? " on" : ""}`,
              type: "button",
              "aria-pressed": String(this.muted.has(s.seat)),
              "data-testid": `mute-${s.seat}`,
              onclick: () => this.toggleMute(s.seat),
              text: this.seatName(s.seat),
            }),
          ),
        )
      : null;
    return h(
      "aside",
      { class: "side", "aria-label": t("chat.title") },
      h("h2", { class: "side-title", text: t("chat.title") }),
      h("ul", { class: "chat-lines", "data-testid": "chat", "aria-live": "polite" }, lines),
      phrases,
      form,
      mutes,
    );
  }

  renderLastTrick() {
    const v = this.view;
    const last = v?.tricks?.[v.tricks.length - 1];
    return this.dialog(
      "last-trick",
      t("table.lastTrick"),
      last
        ? h(
            "div",
            { class: "card-row" },
            last.seats.map((s, i) =>
              h(
                "figure",
                { class: last.winner === s ? "winner" : "" },
                svgBox("div", { class: "card static", role: "img", "aria-label": cardName(last.cards[i]) }, cardSvg(cardId(last.cards[i]))),
                h("figcaption", { text: this.seatName(s) }),
              ),
            ),
            h("p", { class: "muted", text: this.about(last.winner, "table.trickWonBy") }),
          )
        : h("p", { text: t("table.noTrickYet") }),
      () => {
        this.showLastTrick = false;
        this.render();
      },
    );
  }

  renderSummary() {
    const s = this.summary;
    const myTeam = this.seat === null || this.seat === undefined ? 0 : teamOf(this.seat);
    const contract =
      s.bidder === null || s.bidder === undefined
        ? t("table.plainHand")
        : this.about(s.bidder, "table.contractBy", { contract: t(`bid.${s.contract}`) });
    const row = (label, a, b, testid) =>
      h("tr", { "data-testid": testid }, h("th", { scope: "row", text: label }), h("td", { text: a }), h("td", { text: b }));
    const cantes = s.cantes.length
      ? s.cantes.map((c) => this.about(c.seat, "summary.canteLine", { suit: suitName(c.suit), points: c.points })).join(" · ")
      : t("summary.noCantes");
    const won = s.winner === myTeam;
    const body = h(
      "div",
      { class: "summary" },
      h("p", { class: `summary-result ${this.seat === null || this.seat === undefined ? "" : won ? "good" : "bad"}`, "data-testid": "summary-result", text: this.handResultText(s.winner, s.game_points) }),
      h("p", { text: contract }),
      h(
        "table",
        { class: "summary-table" },
        h("thead", {}, h("tr", {}, h("th", {}), h("th", { scope: "col", text: this.teamName(myTeam) }), h("th", { scope: "col", text: this.teamName(1 - myTeam) }))),
        h(
          "tbody",
          {},
          row(t("summary.points"), s.points[myTeam], s.points[1 - myTeam], "summary-points"),
          row(t("summary.tricks"), s.tricks[myTeam], s.tricks[1 - myTeam], "summary-tricks"),
          row(t("summary.score"), s.score_after[myTeam], s.score_after[1 - myTeam], "summary-score"),
        ),
      ),
      h("p", { class: "muted", text: `${t("summary.cantes")}: ${cantes}` }),
      s.dead_hand && s.dead_hand.length
        ? h(
            "div",
            { class: "dead-hand", "data-testid": "dead-hand" },
            h("p", {
              text:
                s.sitting_out === this.seat
                  ? t("summary.deadHandYou")
                  : t("summary.deadHand", { seat: this.seatName(s.sitting_out) }),
            }),
            h(
              "div",
              { class: "card-row small" },
              s.dead_hand.map((c) => svgBox("div", { class: "card static", role: "img", "aria-label": cardName(c), "data-testid": `dead-${c}` }, cardSvg(cardId(c)))),
            ),
          )
        : null,
    );
    return this.dialog("hand-summary", t("summary.title"), body, () => {
      this.showSummary = false;
      this.render();
    });
  }

  renderMatchEnd() {
    const m = this.matchEnd;
    const myTeam = this.seat === null || this.seat === undefined ? 0 : teamOf(this.seat);
    const seated = this.seat !== null && this.seat !== undefined;
    const accepted = this.info?.rematch || [];
    const iAccepted = seated && accepted.includes(this.seat);
    const body = h(
      "div",
      { class: "match-end" },
      h("p", {
        class: `big ${seated ? (m.winner === myTeam ? "good" : "bad") : ""}`,
        "data-testid": "match-winner",
        text: seated ? (m.winner === myTeam ? t("match.youWon") : t("match.youLost")) : t("match.teamWon", { team: this.teamName(m.winner) }),
      }),
      h("p", { class: "final", "data-testid": "final-score", text: t("match.final", { us: m.score[myTeam], them: m.score[1 - myTeam] }) }),
      accepted.length ? h("p", { class: "muted", text: t("match.rematchAccepted", { names: accepted.map((s) => this.seatName(s)).join(", ") }) }) : null,
      h(
        "div",
        { class: "row" },
        seated
          ? h("button", {
              class: "btn primary",
              "data-testid": "rematch",
              disabled: iAccepted,
              onclick: () =>
                this.conn.command("rematch", { table: this.id, accept: true }).catch((err) => this.fail(err)),
              text: iAccepted ? t("match.rematchWaiting") : t("match.rematch"),
            })
          : null,
        h("button", { class: "btn ghost", "data-testid": "back-lobby", onclick: () => this.leave(), text: t("nav.lobby") }),
      ),
    );
    return this.dialog("match-end", t("match.title"), body, null);
  }

  dialog(testid, title, body, onClose) {
    const box = h(
      "div",
      { class: "dialog", role: "dialog", "aria-modal": "false", "aria-labelledby": `${testid}-title`, "data-testid": testid },
      h("h2", { id: `${testid}-title`, text: title }),
      body,
      onClose ? h("button", { class: "btn primary close", "data-testid": `${testid}-close`, onclick: onClose, text: t("common.continue") }) : null,
    );
    return h("div", { class: "overlay" }, box);
  }
}

function canteSum(v, team) {
  return (v.cantes || []).filter((c) => teamOf(c.seat) === team).reduce((n, c) => n + c.points, 0);
}

/** A server error as text in the current language (known codes are in the catalogue). */
export function errorText(err) {
  const code = err?.code;
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  return err?.message ? `${t("error.generic")} (${err.message})` : t("error.generic");
}

export function rulesLabel(rules) {
  const m = /^exact(\d+)$/.exec(rules);
  if (m) return t("rules.exactN", { n: m[1] });
  if (rules === "to21") return t("rules.to21");
  const hands = /^hands(\d+)$/.exec(rules);
  if (hands) return t("rules.handsN", { n: hands[1] });
  return rules;
}
