// What the table screen shows, as a pure reducer of the server's messages and the player's
// own clicks. No DOM here, and no rules: legal moves, the reasons a card is refused, trick
// winners and hand results all come from the server's views and events.
//
// Every server message is applied at once (no queue), so `view` is always the server's last
// word: a click is never refused as "not your turn" when the view says it is. What lingers
// (a finished trick on the felt, a bid or cante at the seat) is only visual.

import { BIDS, sortHand, teamOf } from "../model.js";

export const CARD = /^[A3RCS][OCEB]$/;
const isWindowChoice = (action) => action === "nocante" || action.startsWith("cante:");
const LOG_LIMIT = 300;
const CHAT_LIMIT = 100;

/** The screen's state before the first `sync`. */
export function initialState() {
  return {
    info: null,
    seat: null,
    view: null,
    chat: [],
    chatUnread: 0,
    muted: [], // the seats whose chat we muted, in seat order (the server's word: `sync`, `muted`, our `mute`s)
    mutedSpectators: false, // whether we muted every spectator's chat (the same words say it)
    clock: null, // {seat, remaining_ms, total_ms, at}: `at` is when the frame arrived (ms)
    log: [], // {id, kind, seat?, action?, auto?, team?, points?, winner?, score?}
    announce: {}, // seat -> {id, kind: "bid"|"cante"|"nocante"|"trick", ...}
    flash: null, // {id, trick}: the finished trick left on the felt while no card is led
    lastTrick: null, // the last finished trick (kept after the deal for the dialog)
    summary: null, // the last HANDSUMMARY
    summaryHand: null, // {match, hand}: which hand of which match `summary` is (for its analysis)
    handAnalysis: null, // the latest `hand_analysis` message: {match, hand, analysis}
    matchEnd: null, // {winner, score, hands_played}
    dialogs: { lastTrick: false, summary: false, matchEnd: false, sheet: false },
    sheet: { base: null, rows: [] }, // base: {hands, score} already played when we came in
    pending: null, // {action}: a move sent and shown, until the server's event or refusal
    message: null, // {key, params, kind} or {error: {code, message}, kind}
    cue: { id: 0, sounds: [] }, // sounds to play for the last message
    nextId: 1,
  };
}

function nextIds(state, n = 1) {
  return { first: state.nextId, nextId: state.nextId + n };
}

/** Whether `seat` is the viewer's own seat (spectators have none). */
export function seated(state) {
  return state.seat !== null && state.seat !== undefined;
}

/** Whether it is our turn (in `phase`, when given) by the server's view. */
export function myTurn(state, phase = null) {
  const v = state.view;
  return Boolean(
    v && seated(state) && v.phase !== "finished" && v.to_move === state.seat && (!phase || v.phase === phase),
  );
}

function clockFrom(clock, now) {
  if (!clock || typeof clock !== "object") return null;
  return {
    seat: clock.seat,
    remaining_ms: Math.max(0, Number(clock.remaining_ms) || 0),
    total_ms: Math.max(0, Number(clock.total_ms) || 0),
    at: now,
  };
}

/**
 * The log of a hand as far as a (synced) view tells it: the bids, cards, tricks and cantes.
 * `auto` is the sync's list of the hand's moves a computer player made for their seat's
 * owner ([[seat, action]]): those entries say so, as the live `act` events' did.
 */
export function logFromView(view, firstId, auto = []) {
  const entries = [];
  let id = firstId;
  if (!view) return { entries, nextId: id };
  const made = new Set((Array.isArray(auto) ? auto : []).map(([seat, action]) => `${seat} ${action}`));
  const isAuto = (seat, action) => made.has(`${seat} ${action}`);
  entries.push({ id: id++, kind: "deal", seat: view.dealer });
  (view.bids || []).forEach((bid, i) => {
    const seat = (view.mano + i) % 4;
    entries.push({ id: id++, kind: "bid", seat, action: bid, auto: isAuto(seat, bid) });
  });
  (view.tricks || []).forEach((trick, i) => {
    trick.seats.forEach((seat, j) => {
      const code = trick.cards[j];
      entries.push({ id: id++, kind: "card", seat, action: code, auto: isAuto(seat, code) });
    });
    entries.push({ id: id++, kind: "trick", seat: trick.winner });
    for (const c of view.cantes || []) {
      if (c.trick === i) {
        const sung = { id: id++, kind: "cante", seat: c.seat, suit: c.suit, points: c.points };
        entries.push({ ...sung, auto: isAuto(c.seat, `cante:${c.suit}`) });
      }
    }
  });
  for (const [seat, code] of view.trick || []) {
    entries.push({ id: id++, kind: "card", seat, action: code, auto: isAuto(seat, code) });
  }
  return { entries, nextId: id };
}

function withLog(state, entries) {
  if (!entries.length) return state.log;
  const log = [...state.log, ...entries];
  return log.length > LOG_LIMIT ? log.slice(log.length - LOG_LIMIT) : log;
}

function turnSound(before, after, seat) {
  if (seat === null || seat === undefined || !after || after.phase === "finished") return false;
  if (after.to_move !== seat) return false;
  return !before || before.to_move !== seat || before.phase !== after.phase;
}

function applySync(state, msg, now) {
  const view = msg.view || null;
  const { entries, nextId } = logFromView(view, state.nextId, msg.auto);
  const info = msg.info || null;
  const finished = info?.status === "finished";
  const lastTrick = view?.tricks?.length ? view.tricks[view.tricks.length - 1] : null;
  let clock = null;
  if ("clock" in msg) clock = clockFrom(msg.clock, now);
  else if (msg.timer) {
    // servers before the `clock` field: seconds left at the snapshot
    const total = Math.max(msg.timer.seconds, info?.options?.turn_time || 0) * 1000;
    clock = clockFrom({ seat: msg.timer.seat, remaining_ms: msg.timer.seconds * 1000, total_ms: total }, now);
  }
  return {
    ...state,
    info,
    seat: msg.seat ?? null,
    view,
    chat: (msg.chat || []).slice(-CHAT_LIMIT),
    // wherever we muted them (another tab, before a reload); a server before the field: as we knew
    muted: Array.isArray(msg.muted) ? msg.muted : state.muted,
    mutedSpectators: typeof msg.muted_spectators === "boolean" ? msg.muted_spectators : state.mutedSpectators,
    clock,
    log: entries,
    nextId,
    announce: {},
    flash: null,
    lastTrick,
    summary: view?.summary || state.summary,
    summaryHand: view?.summary && info ? { match: matchId(info), hand: info.hands_played } : state.summaryHand,
    matchEnd: finished ? { winner: info.score[0] > info.score[1] ? 0 : 1, score: info.score } : null,
    dialogs: { ...state.dialogs, matchEnd: finished },
    // a fresh snapshot only knows the score so far, not each hand before it
    sheet: { base: info && info.hands_played ? { hands: info.hands_played, score: info.score } : null, rows: [] },
    pending: null,
    message: null,
  };
}

function applyAction(state, body) {
  const before = state.view;
  const view = body.view;
  const { seat, action } = body;
  const me = state.seat;
  const mine = seat === me && seated(state);
  let { nextId } = state;
  const entries = [];
  const sounds = [];
  let announce = state.announce;
  let { flash, lastTrick, message, pending } = state;
  if (mine) {
    pending = null;
    message = body.auto
      ? { key: "table.autoPlayed", params: { move: action }, kind: "warn", move: true }
      : null;
  } else if (pending && isWindowChoice(pending.action) && view.phase !== "cante") {
    // The window closed with our partner's cante: the winner's choice goes first, and
    // once he sings ours is not asked for, so no event of ours will settle it.
    pending = null;
  }
  if (BIDS.includes(action)) {
    entries.push({ id: nextId++, kind: "bid", seat, action, auto: body.auto });
    announce = { ...announce, [seat]: { id: nextId++, kind: "bid", bid: action } };
  } else if (action === "nocante") {
    entries.push({ id: nextId++, kind: "nocante", seat, auto: body.auto });
    announce = { ...announce, [seat]: { id: nextId++, kind: "nocante" } };
  } else if (action.startsWith("cante:")) {
    const suit = action.slice(6);
    const sung = [...(view.cantes || [])].reverse().find((c) => c.suit === suit && c.seat === seat);
    const points = sung ? sung.points : suit === view.trump ? 40 : 20;
    entries.push({ id: nextId++, kind: "cante", seat, suit, points, auto: body.auto });
    announce = { ...announce, [seat]: { id: nextId++, kind: "cante", suit, points } };
    sounds.push("cante");
  } else if (CARD.test(action)) {
    entries.push({ id: nextId++, kind: "card", seat, action, auto: body.auto });
    sounds.push("card");
    const done = before && view.tricks.length > (before.tricks?.length || 0);
    if (done) {
      const trick = view.tricks[view.tricks.length - 1];
      entries.push({ id: nextId++, kind: "trick", seat: trick.winner });
      flash = { id: nextId++, trick };
      lastTrick = trick;
      // One seat takes the trick: an earlier trick's winner loses his mark and bubble, or
      // two seats would both say they took it.
      const others = Object.fromEntries(Object.entries(announce).filter(([, a]) => a.kind !== "trick"));
      announce = { ...others, [trick.winner]: { id: nextId++, kind: "trick" } };
      sounds.push("trick");
    } else {
      flash = null;
    }
  }
  if (turnSound(before, view, me)) sounds.push("turn");
  let clock = state.clock;
  if (clock && clock.seat === seat) clock = null; // the seat moved: its countdown is over
  return {
    ...state,
    view,
    log: withLog(state, entries),
    announce,
    flash,
    lastTrick,
    message,
    pending,
    clock,
    cue: sounds.length ? { id: state.cue.id + 1, sounds } : state.cue,
    nextId,
  };
}

function applyEvent(state, msg, now) {
  const body = msg.body;
  let next = state;
  if (body) {
    switch (body.kind) {
      case "seats":
        next = { ...state, info: body.info };
        break;
      case "match_start":
        next = {
          ...state,
          info: state.info && {
            ...state.info,
            score: [0, 0],
            hands_played: 0,
            status: "playing",
            match: body.match ?? state.info.match,
          },
          summary: null,
          summaryHand: null,
          matchEnd: null,
          // The last trick is kept across a deal, not across matches: a new match has none.
          lastTrick: null,
          dialogs: { ...state.dialogs, summary: false, matchEnd: false, lastTrick: false },
          sheet: { base: null, rows: [] },
        };
        break;
      case "deal": {
        const { first, nextId } = nextIds(state);
        const sounds = turnSound(null, body.view, state.seat) ? ["turn"] : [];
        next = {
          ...state,
          view: body.view,
          log: withLog(state, [{ id: first, kind: "deal", seat: body.view.dealer }]),
          nextId,
          announce: {},
          flash: null,
          pending: null,
          message: null,
          cue: sounds.length ? { id: state.cue.id + 1, sounds } : state.cue,
        };
        break;
      }
      case "act":
        next = applyAction(state, body);
        break;
      case "cantes_over":
        // The cante window closed and nobody sang (the same event whether or not anybody
        // could): play goes on; a choice of ours that was waiting is settled.
        next = { ...state, view: body.view, pending: null };
        break;
      case "hand_end": {
        const s = body.summary;
        const { first, nextId } = nextIds(state);
        const row = {
          hand: body.hands_played,
          contract: s.contract,
          bidder: s.bidder,
          points: s.points,
          winner: s.winner,
          game_points: s.game_points,
          score: body.score,
        };
        next = {
          ...state,
          summary: s,
          summaryHand: state.info ? { match: matchId(state.info), hand: body.hands_played } : null,
          info: state.info && { ...state.info, score: body.score, hands_played: body.hands_played },
          dialogs: { ...state.dialogs, summary: true },
          sheet: { ...state.sheet, rows: [...state.sheet.rows, row] },
          log: withLog(state, [{ id: first, kind: "hand", team: s.winner, points: s.game_points }]),
          nextId,
        };
        break;
      }
      case "match_end": {
        const { first, nextId } = nextIds(state);
        next = {
          ...state,
          matchEnd: { winner: body.winner, score: body.score, hands_played: body.hands_played },
          info: state.info && { ...state.info, score: body.score, status: "finished" },
          // the last hand's summary comes first: the match end waits until it is closed
          dialogs: { ...state.dialogs, matchEnd: true },
          clock: null,
          log: withLog(state, [{ id: first, kind: "match", team: body.winner, score: body.score }]),
          cue: { id: state.cue.id + 1, sounds: ["match"] },
          nextId,
        };
        break;
      }
      case "chat":
        next = {
          ...state,
          chat: [...state.chat, body].slice(-CHAT_LIMIT),
          chatUnread: state.chatUnread + 1,
        };
        break;
      case "timer":
        // servers before the `clock` field announced a human seat's turn time this way
        if (!("clock" in msg)) {
          next = {
            ...state,
            clock: clockFrom({ seat: body.seat, remaining_ms: body.seconds * 1000, total_ms: body.seconds * 1000 }, now),
          };
        }
        break;
      default:
        break; // unknown kinds show nothing (protocol compatibility)
    }
  }
  // every event frame carries the turn clock after it (null: no countdown)
  if ("clock" in msg) next = { ...next, clock: clockFrom(msg.clock, now) };
  return next;
}

/**
 * Whom we muted now: the chat lines already shown from a speaker muted now go at once (a
 * spectator's line has no seat), but for our own (`own`: a spectator who mutes the spectators
 * still sees what they said). Unmuting brings none back: the server never sent us the lines
 * said while the speaker was muted, and the ones hidden here are gone.
 */
function withMuted(state, muted, mutedSpectators) {
  const hidden = (c) =>
    !c.own && (c.seat === null || c.seat === undefined ? mutedSpectators : muted.includes(c.seat));
  const chat = state.chat.some(hidden) ? state.chat.filter((c) => !hidden(c)) : state.chat;
  return { ...state, muted, mutedSpectators, chat };
}

/** The id of the table's current match, as `hand_analysis` and the REST API name it. */
export function matchId(info) {
  return `${info.id}-${info.match ?? 1}`;
}

function applyHandAnalysis(state, msg) {
  const a = msg.analysis;
  if (!a || !Array.isArray(a.decisions) || !Array.isArray(a.seats)) return state; // not one we read
  const latest = state.handAnalysis;
  // A reconnection gets the latest one again; an older one that comes late changes nothing.
  if (latest && latest.match === msg.match && latest.hand > msg.hand) return state;
  return { ...state, handAnalysis: { match: msg.match, hand: msg.hand, analysis: a } };
}

/**
 * The analysis of the hand the summary shows, when it has come (null until then): for a
 * seated player their own accuracy and costliest decisions (at most `top`, costliest first),
 * for a spectator every analysed seat's accuracy.
 */
export function summaryAnalysis(state, top = 3) {
  const shown = state.summaryHand;
  const got = state.handAnalysis;
  if (!shown || !got || got.match !== shown.match || got.hand !== shown.hand) return null;
  const { analysis } = got;
  if (!seated(state)) return { seats: analysis.seats.filter((s) => s.scored > 0) };
  const mine = analysis.seats.find((s) => s.seat === state.seat) || null;
  const costly = analysis.decisions
    .filter((d) => d.seat === state.seat && !d.forced && d.cost > 0)
    .sort((a, b) => b.cost / scale(b.unit) - a.cost / scale(a.unit) || a.step - b.step)
    .slice(0, top);
  return { mine, costly };
}

// The accuracy scales of docs/analysis.md: costs in different units compared by how much
// accuracy they take away.
const SCALES = { points: 10, tricks: 0.5, match: 5, game: 0.5 };
const scale = (unit) => SCALES[unit] || 1;

/** Why `code` may not be played now, as a catalogue key and parameters (null: it may). */
export function whyNot(state, code) {
  const v = state.view;
  if (!v || !seated(state)) return { key: "why.spectator" };
  if (v.phase === "finished") return { key: "why.handOver" };
  if (v.to_move !== state.seat) return { key: "why.notYourTurn" };
  if (v.phase === "bidding") return { key: "why.bidFirst" };
  if (v.phase === "cante") return { key: "why.canteFirst" };
  if ((v.legal || []).includes(code)) return null;
  const entry = (v.illegal || []).find((x) => x.card === code);
  const keys = {
    follow_suit: "why.mustFollow",
    follow_suit_beat: "why.mustBeat",
    over_trump: "why.mustOvertrump",
    must_trump: "why.mustTrump",
  };
  if (entry && keys[entry.reason]) {
    // `follow_suit_beat` is "follow suit, and beat the highest card of it on the table if
    // you can": what applies to this player is only one half of it
    const key = entry.reason === "follow_suit_beat" && !canBeat(v, entry.suit) ? "why.mustFollow" : keys[entry.reason];
    return { key, params: { suit: entry.suit } };
  }
  return { key: "why.illegal" };
}

// The ranks from the strongest, as in every suit (docs/rules.md 1).
const RANK_ORDER = "A3RCS";

/** Whether a card of `suit` in our hand beats the highest card of `suit` in the trick. */
function canBeat(view, suit) {
  const rank = (code) => RANK_ORDER.indexOf(code[0]);
  const onTable = (view.trick || []).map(([, code]) => code).filter((code) => code[1] === suit);
  if (!onTable.length) return false;
  const best = Math.min(...onTable.map(rank));
  return (view.hand || []).some((code) => code[1] === suit && rank(code) < best);
}

/**
 * The reducer. Actions:
 * sync {msg, now} · event {msg, now} · presence {msg} · play {action} (sent, shown at once) ·
 * refused {action, error} · explain {code} (a card that may not be played) · open/close/toggle
 * {dialog} · flashDone {id} · chatSeen · message {message} · hand_analysis {msg} (the
 * server's analysis after a hand) · mute {seat, on} or {spectators: true, on} (the server took
 * our `mute`) · muted {msg} (the server's word on whom we muted, from any of our connections).
 */
export function reduce(state, action) {
  switch (action.type) {
    case "hand_analysis":
      return applyHandAnalysis(state, action.msg);
    case "sync":
      return applySync(state, action.msg, action.now ?? 0);
    case "event":
      return applyEvent(state, action.msg, action.now ?? 0);
    case "presence":
      if (!state.info) return state;
      return {
        ...state,
        info: {
          ...state.info,
          seats: state.info.seats.map((s) => (s.seat === action.msg.seat ? { ...s, online: action.msg.online } : s)),
        },
      };
    case "play":
      if (state.pending) return state;
      return {
        ...state,
        pending: { action: action.action },
        message: null,
        cue: CARD.test(action.action) ? { id: state.cue.id + 1, sounds: ["card"] } : state.cue,
      };
    case "refused":
      if (state.pending && state.pending.action !== action.action) return state;
      return { ...state, pending: null, message: { error: action.error, kind: "error" } };
    case "explain": {
      const why = whyNot(state, action.code);
      return why ? { ...state, message: { ...why, kind: "warn" } } : state;
    }
    case "message":
      return { ...state, message: action.message };
    case "open":
      return { ...state, dialogs: { ...state.dialogs, [action.dialog]: true } };
    case "close":
      return { ...state, dialogs: { ...state.dialogs, [action.dialog]: false } };
    case "toggle":
      return { ...state, dialogs: { ...state.dialogs, [action.dialog]: !state.dialogs[action.dialog] } };
    case "flashDone":
      return state.flash && state.flash.id === action.id ? { ...state, flash: null } : state;
    case "chatSeen":
      return state.chatUnread ? { ...state, chatUnread: 0 } : state;
    case "mute": {
      if (action.spectators) return withMuted(state, state.muted, action.on);
      const others = state.muted.filter((seat) => seat !== action.seat);
      const muted = action.on ? [...others, action.seat].sort((a, b) => a - b) : others;
      return withMuted(state, muted, state.mutedSpectators);
    }
    case "muted":
      if (!Array.isArray(action.msg.seats)) return state; // not one we read
      return withMuted(state, action.msg.seats, action.msg.spectators === true);
    default:
      return state;
  }
}

// ---- what to draw -------------------------------------------------------------------------------

/** Our cards in display order, without a card just played and not yet confirmed. */
export function shownHand(state) {
  const v = state.view;
  if (!v || !seated(state)) return [];
  const pendingCard = state.pending && CARD.test(state.pending.action) ? state.pending.action : null;
  return sortHand((v.hand || []).filter((c) => c !== pendingCard), v.trump);
}

/**
 * The cards on the felt as [[seat, code, {pending?, winner?}]]: the trick being played (with
 * our card just clicked), or else the finished trick left there for a moment.
 */
export function shownTrick(state) {
  const v = state.view;
  if (!v) return { plays: [], winner: null, finished: false };
  const plays = (v.trick || []).map(([seat, code]) => [seat, code, false]);
  const pendingCard = state.pending && CARD.test(state.pending.action) ? state.pending.action : null;
  if (pendingCard && !plays.some(([, code]) => code === pendingCard)) plays.push([state.seat, pendingCard, true]);
  if (plays.length) return { plays, winner: null, finished: false };
  if (state.flash) {
    const t = state.flash.trick;
    return { plays: t.seats.map((s, i) => [s, t.cards[i], false]), winner: t.winner, finished: true };
  }
  return { plays: [], winner: null, finished: false };
}

/** The legal bids, cantes and cards of our view (empty while a move of ours is on its way). */
export function legalOf(state) {
  const legal = state.pending ? [] : state.view?.legal || [];
  return {
    bids: legal.filter((a) => BIDS.includes(a)),
    cantes: legal.filter((a) => a.startsWith("cante:")),
    nocante: legal.includes("nocante"),
    cards: legal.filter((a) => CARD.test(a)),
  };
}

/** Tricks in a hand (each of the four seats is dealt five cards). */
const TRICKS = 5;
/** What the last trick is worth to the side that takes it (docs/rules.md 6). */
const LAST_TRICK = 10;

/**
 * Hand points so far of each team, as docs/rules.md 6 counts them: card points, plus 10 for
 * the last trick once it is taken, plus the cantes sung. A finished hand's summary is the
 * server's own count.
 */
export function handPoints(view) {
  if (!view) return [0, 0];
  if (Array.isArray(view.summary?.points)) return [...view.summary.points];
  const pts = [...(view.card_points || [0, 0])];
  const tricks = view.tricks || [];
  if (tricks.length === TRICKS) pts[teamOf(tricks[TRICKS - 1].winner)] += LAST_TRICK;
  for (const c of view.cantes || []) pts[teamOf(c.seat)] += c.points;
  return pts;
}

/** Milliseconds left on a clock at `now`. */
export function clockLeft(clock, now) {
  if (!clock) return 0;
  return Math.max(0, clock.remaining_ms - (now - clock.at));
}

/** Which dialog to show: the summary comes before the match end. */
export function shownDialogs(state) {
  const d = state.dialogs;
  const summary = Boolean(d.summary && state.summary);
  return {
    lastTrick: Boolean(d.lastTrick),
    summary,
    // A player who leaves after the match opens the table to players again: no rematch
    // can start, and the waiting room under the dialog is what is left to see.
    matchEnd: Boolean(d.matchEnd && state.matchEnd && !summary && state.info?.status !== "open"),
    sheet: Boolean(d.sheet),
  };
}
