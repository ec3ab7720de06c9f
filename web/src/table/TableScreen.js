// The table screen: one followed table (playing or watching), as a Preact component.
//
// Props:
//   conn      the Connection (web/src/net.js)
//   tableId   the table to follow
//   me        the signed-in user ({id, name, ...}; optional, the seat comes from `sync`)
//   onLeave(left)  back to the lobby; `left` is true when we gave up our seat
//   go(hash)  navigate (optional)
//   toast(text)    a short notice
//
// Server messages go straight into the reducer (state.js): the screen always shows the last
// view, and only the finished trick and the announcements linger, visually.

import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";
import { t, onLangChange } from "../i18n.js";
import { suitName } from "../text.js";
import { play, setSoundOn, soundOn } from "./sound.js";
import { initialState, legalOf, myTurn, reduce, seated, shownDialogs, shownHand, shownTrick } from "./state.js";
import { suitIcon, SUITS } from "../cards.js";
import {
  Actions,
  closeTopDialog,
  Hand,
  html,
  Icon,
  LastTrickDialog,
  LeaveDialog,
  MatchEndDialog,
  ScoreSheetDialog,
  Seat,
  Side,
  SummaryDialog,
  Svg,
  Trick,
  Waiting,
  words,
  handScoreText,
} from "./parts.js";
import { errorText, rulesLabel } from "../text.js";
import { HintBar, useHint } from "./hint.js";

/** Whether a dialog is open (modal: the table behind it is inert). */
function dialogOpen() {
  return Boolean(document.querySelector("dialog.dialog[open]"));
}

/** Whether the keyboard focus is nowhere in particular (the page itself or the main region). */
function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || active.id === "app";
}

function speedFast() {
  try {
    return localStorage.getItem("cuatrola.speed") === "fast";
  } catch {
    return false;
  }
}

const FLASH_MS = 1300;
const WIDE = "(min-width: 1100px)";

export function TableScreen({ conn, tableId, onLeave, toast = () => {} }) {
  const [state, dispatch] = useReducer(reduce, undefined, initialState);
  const [, setLangTick] = useState(0);
  const [connStatus, setConnStatus] = useState(conn.status);
  const [drawer, setDrawer] = useState(false);
  const [wide, setWide] = useState(() => (typeof matchMedia === "function" ? matchMedia(WIDE).matches : true));
  const [sound, setSound] = useState(soundOn);
  const [selected, setSelectedState] = useState(0);
  // The keys read the choice from here: quick presses may come before the next render.
  const selectedRef = useRef(0);
  const setSelected = useCallback((i) => {
    selectedRef.current = i;
    setSelectedState(i);
  }, []);
  const [loadError, setLoadError] = useState(null);
  const hints = useHint(conn, tableId, state);
  const stateRef = useRef(state);
  stateRef.current = state;
  const muted = useMemo(() => new Set(state.muted), [state.muted]);

  // ---- the connection -----------------------------------------------------------------------
  useEffect(() => {
    const offs = [
      conn.on("sync", (m) => m.table === tableId && dispatch({ type: "sync", msg: m, now: Date.now() })),
      conn.on("event", (m) => m.table === tableId && dispatch({ type: "event", msg: m, now: Date.now() })),
      conn.on("presence", (m) => m.table === tableId && dispatch({ type: "presence", msg: m })),
      conn.on("hand_analysis", (m) => m.table === tableId && dispatch({ type: "hand_analysis", msg: m })),
      conn.on("muted", (m) => m.table === tableId && dispatch({ type: "muted", msg: m })),
      conn.on("state", (s) => setConnStatus(s.status)),
      onLangChange(() => setLangTick((n) => n + 1)),
    ];
    setConnStatus(conn.status); // it may have changed before this effect ran
    conn.subscribe(tableId, { fresh: true }).catch((err) => setLoadError(err));
    return () => {
      for (const off of offs) off();
      conn.unsubscribe(tableId);
    };
  }, [conn, tableId]);

  useEffect(() => {
    if (typeof matchMedia !== "function") return undefined;
    const query = matchMedia(WIDE);
    const on = () => setWide(query.matches);
    query.addEventListener("change", on);
    return () => query.removeEventListener("change", on);
  }, []);

  // the finished trick stays on the felt for a moment (no card led meanwhile)
  useEffect(() => {
    if (!state.flash) return undefined;
    const id = state.flash.id;
    const timer = setTimeout(() => dispatch({ type: "flashDone", id }), speedFast() ? 300 : FLASH_MS);
    return () => clearTimeout(timer);
  }, [state.flash?.id]);

  // sounds
  useEffect(() => {
    for (const name of state.cue.sounds) play(name);
  }, [state.cue.id]);

  // the chat counts as read while the side panel is on screen
  const sideVisible = wide || drawer;
  useEffect(() => {
    if (sideVisible && state.chatUnread) dispatch({ type: "chatSeen" });
  }, [sideVisible, state.chatUnread]);

  // the tab's title tells a player in another tab that it is his turn
  const turnNow = myTurn(state);
  useEffect(() => {
    const base = t("app.title");
    const update = () => {
      const want = turnNow && document.hidden ? t("table.yourTurnTitle") : null;
      if (want) {
        if (document.title !== want) document.title = want;
      } else if (document.title === t("table.yourTurnTitle")) document.title = base;
    };
    update();
    document.addEventListener("visibilitychange", update);
    return () => {
      document.removeEventListener("visibilitychange", update);
      if (document.title === t("table.yourTurnTitle")) document.title = base;
    };
  }, [turnNow]);

  // ---- commands -------------------------------------------------------------------------------
  const fail = useCallback((err) => dispatch({ type: "message", message: { error: { code: err?.code, message: err?.message }, kind: "error" } }), []);

  const act = useCallback(
    (action) => {
      const s = stateRef.current;
      if (s.pending || !myTurn(s)) return;
      dispatch({ type: "play", action });
      const seq = conn.tables.get(tableId) ?? undefined;
      conn
        .command("act", { table: tableId, action, seq })
        .catch((err) => dispatch({ type: "refused", action, error: { code: err?.code, message: err?.message } }));
    },
    [conn, tableId],
  );

  const pickCard = useCallback(
    (code, index) => {
      const s = stateRef.current;
      setSelected(index);
      if (!s.pending && legalOf(s).cards.includes(code)) act(code);
      else if (!s.pending) dispatch({ type: "explain", code });
    },
    [act],
  );

  const send = useCallback(
    (fields) => conn.command("chat", { table: tableId, ...fields }).catch(fail),
    [conn, tableId, fail],
  );

  // `seat` null: every spectator. The server's `muted` says the same to each of our
  // connections, this one too; the ack may come first, so both are taken.
  const toggleMute = useCallback(
    (seat) => {
      const spectators = seat === null;
      const on = spectators ? !stateRef.current.mutedSpectators : !muted.has(seat);
      const fields = spectators ? { spectators: true } : { seat };
      conn
        .command("mute", { table: tableId, ...fields, on })
        .then(() => dispatch({ type: "mute", ...fields, on }))
        .catch(fail);
    },
    [conn, tableId, muted, fail],
  );

  const sitAt = useCallback(
    (seat) =>
      conn
        .command("join", { table: tableId, seat })
        .then(() => conn.subscribe(tableId, { fresh: true }))
        .catch(fail),
    [conn, tableId, fail],
  );

  // a seated player who leaves a match in play is asked first (LeaveDialog)
  const [askLeave, setAskLeave] = useState(false);
  const leaveNow = useCallback(() => {
    setAskLeave(false);
    if (seated(stateRef.current)) {
      // free the seat (after the match this also declines the rematch)
      conn.command("leave", { table: tableId }).catch(() => null);
      onLeave(true);
      return;
    }
    onLeave(false);
  }, [conn, tableId, onLeave]);
  const leave = useCallback(() => {
    const s = stateRef.current;
    if (seated(s) && s.info?.status === "playing") setAskLeave(true);
    else leaveNow();
  }, [leaveNow]);

  const bidHelp = (bid) =>
    // without the Quintola variant a cuatrola needs all five tricks (docs/rules.md 6)
    bid === "cuatrola" && state.info?.options?.quintola === false ? t("bidHelp.cuatrolaAll") : t(`bidHelp.${bid}`);

  const toggleSound = () => {
    const on = !sound;
    setSoundOn(on);
    setSound(on);
  };

  // ---- what to show -------------------------------------------------------------------------
  const w = words(state);
  const cards = shownHand(state);
  const legal = legalOf(state);
  const trick = shownTrick(state);
  const dialogs = shownDialogs(state);
  const v = state.view;

  // a new turn to play starts on the first playable card (the arrows may still pick any);
  // before the browser paints, so no key pressed at the start of the turn is overridden
  const turnKey = v && myTurn(state, "play") ? `${v.tricks.length}/${v.trick.length}` : null;
  useLayoutEffect(() => {
    if (!turnKey) return;
    const first = cards.findIndex((c) => legal.cards.includes(c));
    if (first >= 0) setSelected(first);
    const active = document.activeElement;
    const idle = !active || active === document.body || active.id === "app" || Boolean(active.closest?.(".hand"));
    if (idle && !dialogOpen()) {
      document.querySelector(`.hand .card[data-index="${Math.max(first, 0)}"]`)?.focus({ preventScroll: true });
    }
  }, [turnKey]);
  const selectedIndex = Math.min(selected, Math.max(0, cards.length - 1));

  // A bid or a cante to choose: its buttons (before the hand, so Tab from the hand never
  // reached them), keyed on the moment, null while none is ours or a dialog is open.
  const anyDialog = askLeave || Object.values(dialogs).some(Boolean);
  const choosing =
    v && !state.pending && !anyDialog && (myTurn(state, "bidding") || myTurn(state, "cante"))
      ? `${v.phase}/${v.bids.length}/${v.tricks.length}`
      : null;

  // The keyboard focus stays in the hand: a card played (or taken back), or a bid or cante
  // chosen, leaves the page, and the browser would drop the focus to the page's start (Tab
  // then starts at the header).
  const handFocused = useRef(false);
  useEffect(() => {
    const on = (e) => {
      handFocused.current = Boolean(e.target?.closest?.(".hand, .actions"));
    };
    document.addEventListener("focusin", on);
    return () => document.removeEventListener("focusin", on);
  }, []);
  const handKey = cards.join(" ");
  useLayoutEffect(() => {
    if (!handFocused.current || !focusLost() || dialogOpen()) return;
    const card = document.querySelector(`.hand .card[data-index="${selectedIndex}"]`);
    (card || document.querySelector(".hand"))?.focus({ preventScroll: true });
  }, [handKey, choosing]);

  // On opening the table the focus goes to it: the hand's chosen card, or the table itself
  const shown = Boolean(state.info);
  useLayoutEffect(() => {
    if (!shown || !focusLost()) return;
    const target = document.querySelector('.hand .card[tabindex="0"]') || document.querySelector(".table-screen");
    target?.focus({ preventScroll: true });
  }, [shown]);

  // When a bid or a cante is ours to choose, the focus goes from the hand to its first button
  // (not from anywhere else the player has put it: the chat, the bar)
  useLayoutEffect(() => {
    if (!choosing || dialogOpen()) return;
    if (!focusLost() && !document.activeElement.closest?.(".hand, .actions")) return;
    document.querySelector(".actions button.bid, .actions button.cante, .actions [data-testid=no-cante]")?.focus({ preventScroll: true });
  }, [choosing]);

  // ---- keyboard -------------------------------------------------------------------------------
  const keyRef = useRef(null);
  keyRef.current = (e) => {
    const s = stateRef.current;
    if (!s.view) return;
    if (e.key === "Escape") {
      // the dialog on top (not the browser's own close: a dialog without a close button stays)
      if (closeTopDialog()) e.preventDefault();
      else if (drawer) setDrawer(false);
      return;
    }
    const target = e.target;
    if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const lower = e.key.toLowerCase();
    if (lower === "l" && s.lastTrick) {
      dispatch({ type: "toggle", dialog: "lastTrick" });
      return;
    }
    if (dialogOpen()) return; // the table behind a dialog is inert, its keys too
    if (!seated(s)) return;
    const hand = shownHand(s);
    if (s.view.phase === "play" && hand.length) {
      const focusAt = (i) => {
        setSelected(i);
        document.querySelector(`.hand .card[data-index="${i}"]`)?.focus({ preventScroll: true });
      };
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        const step = e.key === "ArrowRight" ? 1 : -1;
        focusAt((Math.min(selectedRef.current, hand.length - 1) + step + hand.length) % hand.length);
        return;
      }
      if (/^[1-5]$/.test(e.key) && Number(e.key) <= hand.length) {
        e.preventDefault();
        focusAt(Number(e.key) - 1);
        return;
      }
      // a card's own click plays it; any other button or link does what it says
      if ((e.key === "Enter" || e.key === " ") && target?.closest?.("button, a, select, summary")) return;
      if (e.key === "Enter") {
        e.preventDefault();
        const i = Math.min(selectedRef.current, hand.length - 1);
        pickCard(hand[i], i);
        return;
      }
    }
    const options = legalOf(s);
    if (s.view.phase === "bidding" && myTurn(s)) {
      const map = { p: "pass", s: "solo", c: "cuatrola", q: "quintola" };
      if (map[lower] && options.bids.includes(map[lower])) {
        e.preventDefault();
        act(map[lower]);
      }
    } else if (s.view.phase === "cante" && myTurn(s)) {
      if (lower === "n" && options.nocante) {
        e.preventDefault();
        act("nocante");
      } else if (lower === "k" && options.cantes.length) {
        e.preventDefault();
        act(options.cantes[0]);
      }
    }
  };
  useEffect(() => {
    const handler = (e) => keyRef.current(e);
    document.addEventListener("keydown", handler);
    return () => document.removeEventListener("keydown", handler);
  }, []);

  const myClock = useMemo(
    () => (state.clock && seated(state) && state.clock.seat === state.seat && myTurn(state) ? state.clock : null),
    [state.clock, state.seat, state.view],
  );

  // ---- render ---------------------------------------------------------------------------------
  // the screen's name, for screen readers: the felt and the bar say the rest
  const title = html`<h1 class="sr-only" id="table-title">${t("table.region")}</h1>`;
  if (!state.info) {
    return html`<section class="table-screen loading" data-testid="table-loading" aria-labelledby="table-title">
      ${title}
      <p class="muted">${loadError ? errorText(loadError) : t("table.loading")}</p>
      <button class="btn" data-testid="back-lobby" onClick=${() => onLeave(false)}>${t("nav.lobby")}</button>
    </section>`;
  }
  const info = state.info;
  const my = w.myTeam;
  const score = info.score || [0, 0];
  const phase = v?.phase || "waiting";
  const waitingRoom = !v || info.status === "open";
  const closed = info.status === "closed";

  const scoreBox = (team) => html`<div class=${`score team-${team === my ? "us" : "them"}`}>
    <span class="score-label">${w.teamName(team)}</span>
    <span class="score-value" data-testid=${`score-team-${team}`}>${score[team]}</span>
  </div>`;

  const bar = html`<header class="table-bar">
    <div class="match-score" data-testid="match-score" role="group" aria-label=${t("table.matchScore")}>
      ${scoreBox(my)}<span class="score-sep" aria-hidden="true">–</span>${scoreBox(1 - my)}
      <span class="rules-tag">${rulesLabel(info.options?.rules || "exact11")}</span>
    </div>
    <div class="hand-info">
      ${v
        ? html`<span class="trump-badge" data-testid="trump" title=${t("table.trump")}>
              <${Svg} class="icon" markup=${suitIcon(SUITS.indexOf(v.trump))} />
              <span class="trump-label">${t("table.trump")}:</span>
              <span>${suitName(v.trump)}</span>
            </span>
            ${v.contract !== "pass" || v.phase !== "bidding"
              ? html`<span class="contract" data-testid="contract">${v.phase === "bidding" && (v.bidder === null || v.bidder === undefined) ? "" : w.contractText(v.contract, v.bidder)}</span>`
              : null}
            <span class="hand-score" data-testid="hand-score">${handScoreText(v, my)}</span>`
        : null}
    </div>
    <div class="bar-buttons" data-testid="bar-buttons">
      ${info.code ? html`<span class="code-tag" data-testid="table-code" title=${t("table.inviteCode")}>${info.code}</span>` : null}
      <button class="btn small ghost labelled" data-testid="last-trick-btn" disabled=${!state.lastTrick} aria-keyshortcuts="L"
        title=${t("table.lastTrick")} onClick=${() => dispatch({ type: "toggle", dialog: "lastTrick" })}>
        <${Icon} name="trick" /><span class="btn-label">${t("table.lastTrick")}</span>
      </button>
      ${state.summary
        ? html`<button class="btn small ghost labelled" data-testid="last-hand-btn" title=${t("table.lastHand")}
            onClick=${() => dispatch({ type: "open", dialog: "summary" })}>
            <${Icon} name="hand" /><span class="btn-label">${t("table.lastHand")}</span>
          </button>`
        : null}
      <button class="btn small ghost icon-btn" data-testid="score-sheet-btn" title=${t("sheet.title")} aria-label=${t("sheet.title")}
        onClick=${() => dispatch({ type: "open", dialog: "sheet" })}><${Icon} name="sheet" /></button>
      <button class="btn small ghost icon-btn" data-testid="sound-toggle" aria-pressed=${String(!sound)}
        title=${sound ? t("table.soundMute") : t("table.soundUnmute")} aria-label=${t("table.soundMute")}
        onClick=${toggleSound}><${Icon} name=${sound ? "soundOn" : "soundOff"} /></button>
      <button class="btn small ghost icon-btn drawer-toggle" data-testid="chat-toggle" aria-expanded=${String(drawer)}
        title=${t("table.sidePanel")} aria-label=${state.chatUnread
          ? `${t("table.sidePanel")}, ${t("chat.unread", { n: state.chatUnread })}`
          : t("table.sidePanel")}
        onClick=${() => setDrawer(!drawer)}>
        <${Icon} name="chat" />
        ${state.chatUnread ? html`<span class="unread" data-testid="chat-unread">${state.chatUnread}</span>` : null}
      </button>
      <a class="btn small ghost icon-btn" data-testid="rules-link" href="/rules" target="_blank" rel="noopener"
        title=${t("tutorial.rulesTitle")} aria-label=${t("tutorial.rulesTitle")}>?</a>
      <button class="btn small ghost" data-testid="leave-table" onClick=${leave}>
        ${seated(state) ? t("table.leave") : t("table.stopWatching")}
      </button>
    </div>
  </header>`;

  let felt;
  if (closed) {
    felt = html`<div class="felt waiting-state" data-testid="felt">
      <div class="waiting panel" data-testid="table-closed">
        <h2>${t("table.closed")}</h2>
        <button class="btn primary" data-testid="back-lobby" onClick=${() => onLeave(false)}>${t("nav.lobby")}</button>
      </div>
    </div>`;
  } else if (waitingRoom) {
    felt = html`<div class="felt waiting-state" data-testid="felt">
      <${Waiting} state=${state} w=${w} conn=${conn} tableId=${tableId} toast=${toast} sitAt=${sitAt} fail=${fail} />
    </div>`;
  } else {
    felt = html`<div class="felt" data-testid="felt">
      ${[0, 1, 2, 3].map((seat) => html`<${Seat} key=${seat} state=${state} seat=${seat} w=${w} />`)}
      <div class="center"><${Trick} state=${state} shown=${trick} w=${w} /></div>
    </div>`;
  }

  return html`<section class=${`table-screen phase-${phase}${waitingRoom || closed ? " waiting-room" : ""}`} data-testid="table"
    tabindex="-1" aria-labelledby="table-title"
    data-phase=${phase} data-seat=${state.seat ?? "spectator"}>
    ${title}
    <div class="conn-banner" role="status" data-testid="conn-status" hidden=${connStatus === "open"}>
      ${connStatus === "open" ? "" : t("conn.reconnecting")}
    </div>
    ${bar}
    <div class="table-main">
      <div class="felt-wrap">
        ${felt}
        <${Actions} state=${state} legal=${legal} w=${w} act=${act} bidHelp=${bidHelp}
          reclaim=${() => conn.command("reclaim", { table: tableId }).catch(fail)} />
        <${HintBar} hints=${hints} />
        <${Hand} state=${state} cards=${cards} legal=${legal} selected=${selectedIndex} onPick=${pickCard}
          hinted=${hints.hint?.action ?? null} />
      </div>
      <${Side} state=${state} w=${w} open=${drawer} onClose=${() => setDrawer(false)} send=${send} muted=${muted} toggleMute=${toggleMute} />
    </div>
    <div class="sr-only" aria-live="polite" data-testid="announce">${announceText(state)}</div>
    ${dialogs.lastTrick ? html`<${LastTrickDialog} state=${state} w=${w} onClose=${() => dispatch({ type: "close", dialog: "lastTrick" })} />` : null}
    ${dialogs.summary ? html`<${SummaryDialog} state=${state} w=${w} myClock=${myClock} onClose=${() => dispatch({ type: "close", dialog: "summary" })} />` : null}
    ${dialogs.matchEnd
      ? html`<${MatchEndDialog} state=${state} w=${w} leave=${leave} openSheet=${() => dispatch({ type: "open", dialog: "sheet" })}
          rematch=${() => conn.command("rematch", { table: tableId, accept: true }).catch(fail)} />`
      : null}
    ${dialogs.sheet ? html`<${ScoreSheetDialog} state=${state} w=${w} onClose=${() => dispatch({ type: "close", dialog: "sheet" })} />` : null}
    ${askLeave ? html`<${LeaveDialog} onLeave=${leaveNow} onCancel=${() => setAskLeave(false)} />` : null}
  </section>`;
}

/** Said to screen readers when our turn comes (the game log, a live region, says each move). */
function announceText(state) {
  return myTurn(state) ? t("table.yourTurn") : "";
}

