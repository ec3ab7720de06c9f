// The pieces of the table screen: seats, the trick, the hand, the action bar, the side panel
// (game log and chat) and the dialogs. They only draw what `state.js` says; every element is
// keyed so that an event updates it in place instead of rebuilding it.

import { h } from "preact";
import htm from "htm";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { cardId, cardSvg, suitIcon, SUITS } from "../cards.js";
import { t, has } from "../i18n.js";
import { BIDS, position, teamOf } from "../model.js";
import { QUICK_PHRASES } from "../protocol.js";
import { cardName, suitName, errorText, playerName } from "../text.js";
import { Avatar } from "../avatar.js";
import { clockLeft, handPoints, seated, summaryAnalysis } from "./state.js";
import { follower } from "./follow.js";
import { actionText, costText, percentText } from "../analysis-words.js";
import "../css/analysis.css";

export const html = htm.bind(h);

// ---- words -------------------------------------------------------------------------------------

/** Names and sentences about seats, in the current language, for one viewer. */
export function words(state) {
  const me = state.seat;
  const mine = (seat) => seat === me && seated(state);
  const info = (seat) => state.info?.seats?.find((s) => s.seat === seat) || { seat };
  const level = state.info?.options?.bot_level || "medium";
  const isComputer = (p) => Boolean(p.bot_level || (p.bot && !p.user));
  // Computer players are told apart by where they sit: to a player, as partner and left and
  // right opponent (all three were "Computer (Medium)"); to a spectator, by seat number.
  const computerName = (seat) => {
    if (!seated(state)) return t("player.computerSeat", { n: seat + 1 });
    const where = position(seat, me);
    return t(where === "top" ? "player.computerPartner" : where === "left" ? "player.computerLeft" : "player.computerRight");
  };
  const fullName = (seat) => {
    if (seat === null || seat === undefined) return "";
    const p = info(seat);
    if (isComputer(p) && !mine(seat)) return computerName(seat);
    return playerName(p, level) || t("table.emptySeat");
  };
  /** The plate's tooltip: a computer's place and its level ("Partner · Computer (Hard)"). */
  const longName = (seat) => {
    const p = info(seat);
    return isComputer(p) && !mine(seat) ? `${computerName(seat)} · ${playerName(p, level)}` : fullName(seat);
  };
  const seatName = (seat) => (mine(seat) ? t("table.you") : fullName(seat));
  const about = (seat, key, params = {}) =>
    mine(seat) && has(`${key}You`) ? t(`${key}You`, params) : t(key, { ...params, seat: seatName(seat) });
  const teamName = (team) =>
    seated(state) ? (team === teamOf(me) ? t("table.us") : t("table.them")) : t("table.team", { n: team + 1 });
  const handResult = (team, points) => {
    if (!seated(state)) return t("summary.resultTeam", { team: teamName(team), points });
    return team === teamOf(me) ? t("summary.resultWe", { points }) : t("summary.resultThey", { points });
  };
  const moveName = (action) => {
    if (BIDS.includes(action)) return t(`bid.${action}`);
    if (action === "nocante") return t("table.noCante");
    if (action.startsWith("cante:")) return suitName(action.slice(6));
    return cardName(action);
  };
  const contractText = (contract, bidder) =>
    bidder === null || bidder === undefined
      ? t("table.plainHand")
      : about(bidder, "table.contractBy", { contract: t(`bid.${contract}`) });
  const logText = (e) => {
    let text;
    switch (e.kind) {
      case "deal":
        text = about(e.seat, "log.deal");
        break;
      case "bid":
        text = about(e.seat, "log.bid", { bid: t(`bid.${e.action}`) });
        break;
      case "card":
        text = about(e.seat, "log.card", { card: cardName(e.action) });
        break;
      case "trick":
        text = about(e.seat, "table.trickWonBy");
        break;
      case "cante":
        text = about(e.seat, "log.sings", { points: e.points, suit: suitName(e.suit) });
        break;
      case "nocante":
        text = about(e.seat, "log.nocante");
        break;
      case "hand":
        text = handResult(e.team, e.points);
        break;
      case "match":
        text = seated(state)
          ? e.team === teamOf(me)
            ? t("match.youWon")
            : t("match.youLost")
          : t("match.teamWon", { team: teamName(e.team) });
        break;
      default:
        text = "";
    }
    return e.auto ? `${text} (${t("log.auto")})` : text;
  };
  const myTeam = seated(state) ? teamOf(me) : 0;
  return { info, fullName, longName, seatName, about, teamName, handResult, moveName, contractText, logText, myTeam, mine };
}

// ---- small pieces ----------------------------------------------------------------------------

/** Trusted SVG from cards.js (built from constants, never from input). */
export function Svg({ tag = "span", markup, ...props }) {
  return h(tag, { ...props, dangerouslySetInnerHTML: { __html: markup } });
}

function SuitIcon({ suit }) {
  return html`<${Svg} class="icon" markup=${suitIcon(SUITS.indexOf(suit))} />`;
}

/** An inline control icon drawn as SVG (renders without any symbol font). */
export function Icon({ name }) {
  const paths = {
    soundOn: "M3 9h4l5-4v14l-5-4H3z M15 8.5a5 5 0 0 1 0 7 M17.5 6a8.5 8.5 0 0 1 0 12",
    soundOff: "M3 9h4l5-4v14l-5-4H3z M16 9l5 6 M21 9l-5 6",
    chat: "M4 5h16v11H9l-5 4z",
    log: "M5 6h14 M5 11h14 M5 16h9",
    trick: "M7 4h8l2 2v12H7z M4 8v12h10",
    hand: "M4 19l4-14 5 2-4 14z M13 7l5-1 2 13-6 1",
    sheet: "M5 4h14v16H5z M5 9h14 M5 14h14 M11 4v16",
  };
  return html`<svg class="ctl-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d=${paths[name]} fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" />
  </svg>`;
}

/** A countdown from a clock {seat, remaining_ms, total_ms, at}; it re-renders only itself. */
export function Countdown({ clock, label = null, bar = true }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  const left = clockLeft(clock, now);
  const seconds = Math.ceil(left / 1000);
  const share = clock.total_ms ? Math.max(0, Math.min(100, (left / clock.total_ms) * 100)) : 0;
  const text = t("table.secondsLeft", { n: seconds });
  return html`<span class="countdown">
    <span class=${`timer${seconds <= 5 ? " urgent" : ""}`} role="timer" aria-live="off"
      aria-label=${label ? `${label}: ${text}` : text} data-testid="turn-timer" data-seconds=${seconds}
      data-seat=${clock.seat}>${label ? `${label} · ` : ""}${text}</span>
    ${bar ? html`<span class="timer-bar" aria-hidden="true"><span style=${{ width: `${share}%` }} /></span>` : null}
  </span>`;
}

// ---- seats ---------------------------------------------------------------------------------------

const ANNOUNCE_MS = 2600;

function Announcement({ item, pos, w, seat, view }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    setShown(true);
    const timer = setTimeout(() => setShown(false), ANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, [item.id]);
  if (!shown || item.kind === "bid") return null;
  let body;
  if (item.kind === "cante") {
    // the rey and caballo of the suit sung
    const cards = [`R${item.suit}`, `C${item.suit}`];
    body = html`<span class="announce-text">${w.about(seat, "table.singsShort", { points: item.points })}</span>
      <span class="announce-cards">
        ${cards.map((c) => html`<${Svg} key=${c} class="mini-face" role="img" aria-label=${cardName(c)} markup=${cardSvg(cardId(c))} />`)}
      </span>`;
  } else if (item.kind === "nocante") {
    body = html`<span class="announce-text">${w.about(seat, "table.noSingShort")}</span>`;
  } else if (item.kind === "trick") {
    body = html`<span class="announce-text">${w.about(seat, "table.winsTrickShort")}</span>`;
  } else return null;
  return html`<div class=${`announce announce-${item.kind}${view?.trump && item.suit === view.trump ? " trump" : ""}`}
    data-testid=${`announce-${pos}`} data-kind=${item.kind}>${body}</div>`;
}

export function Seat({ state, seat, w }) {
  const v = state.view;
  const info = w.info(seat);
  const pos = position(seat, state.seat);
  const mine = w.mine(seat);
  const turn = Boolean(v && v.to_move === seat && v.phase !== "finished");
  const out = v && v.sitting_out === seat;
  const count = v ? v.card_counts[seat] : 0;
  const bidIndex = v ? (seat - v.mano + 4) % 4 : -1;
  let bid = v && bidIndex < v.bids.length ? v.bids[bidIndex] : null;
  // after the bidding only the bidder keeps a bubble: the passes would only crowd the felt
  if (v && v.phase !== "bidding" && seat !== v.bidder) bid = null;
  const announcement = state.announce[seat];
  const bidFresh = announcement?.kind === "bid" ? announcement.id : "bid";
  const clock = state.clock && state.clock.seat === seat && turn ? state.clock : null;
  const name = w.fullName(seat);
  const isBot = Boolean(info.bot_level || (info.bot && !info.user));
  const won = announcement?.kind === "trick";
  return html`<div
    class=${`seat seat-${pos}${turn ? " turn" : ""}${out ? " out" : ""}${mine ? " mine" : ""}${won ? " won" : ""} team-${teamOf(seat)}`}
    data-testid=${`seat-${pos}`} data-seat=${seat} role="group"
    aria-label=${t("table.seatLabel", { name: w.seatName(seat), count })}>
    <div class="seat-head">
      ${info.name || info.bot_level ? html`<${Avatar} name=${info.name || ""} bot=${isBot} size=${24} />` : null}
      <span class="seat-name" title=${w.longName(seat)}>${mine ? t("table.you") : name}</span>
    </div>
    <div class="seat-row">
      ${v && v.dealer === seat ? html`<span class="badge dealer" title=${t("table.dealer")}>${t("table.dealerShort")}</span>` : null}
      ${v && v.mano === seat ? html`<span class="badge mano" title=${t("table.mano")}>${t("table.manoShort")}</span>` : null}
      ${info.away ? html`<span class="badge bot">${t("table.away")}</span>` : null}
      ${!info.bot && info.name && !info.online ? html`<span class="badge offline">${t("table.offline")}</span>` : null}
      ${out ? html`<span class="badge out" data-testid="sits-out">${t("table.sitsOut")}</span>` : null}
      ${!mine && count
        ? html`<span class="backs" aria-hidden="true">
            ${Array.from({ length: count }, (_, i) => html`<${Svg} key=${i} class="mini-card" markup=${cardSvg(null)} />`)}
            <span class="count" data-testid=${`count-${pos}`}>${count}</span>
          </span>`
        : null}
      ${v && v.trump_held && v.dealer === seat
        ? html`<${Svg} tag="span" class="trump-card" data-testid="trump-card" role="img"
            aria-label=${t("table.shownTrump", { card: cardName(v.shown_card) })}
            title=${t("table.shownTrump", { card: cardName(v.shown_card) })} markup=${cardSvg(cardId(v.shown_card))} />`
        : null}
      ${bid
        ? html`<span key=${bidFresh} class=${`bid-bubble bid-${bid}${announcement?.kind === "bid" ? " fresh" : ""}`}
            data-testid=${`bid-bubble-${pos}`}>${t(`bid.${bid}`)}</span>`
        : null}
      ${turn
        ? html`<span class="turn-flag">${mine ? t("table.yourTurn") : t("table.theirTurn")}</span>`
        : null}
      ${clock ? html`<${Countdown} clock=${clock} />` : null}
    </div>
    ${announcement ? html`<${Announcement} key=${announcement.id} item=${announcement} pos=${pos} w=${w} seat=${seat} view=${v} />` : null}
  </div>`;
}

// ---- the middle of the felt ---------------------------------------------------------------------

export function Trick({ state, shown, w }) {
  const v = state.view;
  const { plays, winner, finished } = shown;
  let note = null;
  if (!plays.length && v?.phase === "bidding") note = t("table.bidding");
  if (!plays.length && v?.phase === "finished" && state.summary) {
    note = w.handResult(state.summary.winner, state.summary.game_points);
  }
  return html`<div class=${`trick${finished ? " finished" : ""}`} data-testid="trick" role="group"
    aria-label=${t("table.trick")}>
    ${plays.length
      ? null
      : html`<div class="emblem" aria-hidden="true">
          ${[0, 1, 2, 3].map((s) => html`<${Svg} key=${s} class=${`emblem-suit s${s}`} markup=${suitIcon(s)} />`)}
        </div>`}
    ${plays.map(([seat, code, pending]) => {
      const pos = position(seat, state.seat);
      return html`<${Svg} key=${code} tag="div"
        class=${`trick-card at-${pos} enter-${pos}${winner === seat ? " winner" : ""}${pending ? " pending" : ""}`}
        data-testid=${`trick-card-${code}`} data-pending=${pending ? "true" : null} role="img"
        aria-label=${`${w.seatName(seat)}: ${cardName(code)}`} markup=${cardSvg(cardId(code))} />`;
    })}
    ${note ? html`<div class=${`trick-note${v?.phase === "finished" ? " result" : ""}`} data-testid=${v?.phase === "finished" ? "hand-result" : null}>${note}</div>` : null}
  </div>`;
}

export function Waiting({ state, w, conn, tableId, toast, sitAt, fail }) {
  const info = state.info;
  const link = `${location.origin}${location.pathname}#/join/${info.code}`;
  const input = useRef(null);
  const copy = () => {
    const selectIt = () => {
      // no clipboard access (plain http): select the link for Ctrl+C instead
      input.current?.select();
      toast(t("table.copyByHand"));
    };
    if (!navigator.clipboard) return selectIt();
    navigator.clipboard.writeText(link).then(() => toast(t("table.copied")), selectIt);
  };
  return html`<div class="waiting panel" data-testid="waiting">
    <h2>${t("table.waiting")}</h2>
    ${info.code
      ? html`<div class="invite">
          <span>${t("table.inviteCode")}</span>
          <strong class="code" data-testid="invite-code">${info.code}</strong>
          <input ref=${input} class="link" readonly value=${link} data-testid="invite-link" aria-label=${t("table.inviteLink")} />
          <button class="btn small" data-testid="copy-link" onClick=${copy}>${t("table.copy")}</button>
        </div>`
      : null}
    <ul class="seat-list">
      ${info.seats.map(
        (s) => html`<li key=${s.seat}>
          <span class="seat-label" data-testid=${`seat-label-${s.seat}`}>${t("table.seatN", { n: s.seat + 1 })} · ${w.teamName(teamOf(s.seat))}</span>
          <span class=${`who${s.name ? "" : " free"}`} data-testid=${`seat-who-${s.seat}`}
            title=${s.name ? w.seatName(s.seat) : ""}>${s.name ? w.seatName(s.seat) : t("table.emptySeat")}</span>
          ${!s.name && seated(state)
            ? html`<button class="btn small" data-testid=${`add-bot-${s.seat}`}
                onClick=${() => conn.command("add_bot", { table: tableId, seat: s.seat }).catch(fail)}>${t("table.addBot")}</button>`
            : null}
          ${!s.name && !seated(state)
            ? html`<button class="btn small primary" data-testid=${`sit-${s.seat}`} onClick=${() => sitAt(s.seat)}>${t("table.sitHere")}</button>`
            : null}
        </li>`,
      )}
    </ul>
  </div>`;
}

// ---- controls ---------------------------------------------------------------------------------

export function Actions({ state, legal, w, act, reclaim, bidHelp }) {
  const v = state.view;
  const mine = v && seated(state) && v.to_move === state.seat && v.phase !== "finished";
  const keys = { pass: "P", solo: "S", cuatrola: "C", quintola: "Q" };
  let prompt = null;
  let buttons = [];
  const sent = mine && state.pending && (v.phase === "bidding" || v.phase === "cante") ? state.pending.action : null;
  if (sent) {
    // our bid or cante is on its way: say it, until the server's event (no prompt without buttons)
    if (BIDS.includes(sent)) prompt = t("log.bidYou", { bid: t(`bid.${sent}`) });
    else if (sent === "nocante") prompt = t("log.nocanteYou");
    else prompt = t("log.canteYou", { suit: suitName(sent.slice(6)) });
  } else if (mine && v.phase === "bidding") {
    prompt = t("table.yourBid");
    buttons = BIDS.filter((b) => legal.bids.includes(b)).map(
      (bid) => html`<button key=${bid} class=${`btn bid ${bid === "pass" ? "ghost" : "primary"}`}
        data-testid=${`bid-${bid}`} aria-keyshortcuts=${keys[bid]} title=${bidHelp(bid)}
        aria-description=${bidHelp(bid)} onClick=${() => act(bid)}>${t(`bid.${bid}`)}</button>`,
    );
  } else if (mine && v.phase === "cante") {
    prompt = t("table.canSing");
    buttons = legal.cantes.map((a) => {
      const suit = a.slice(6);
      const points = suit === v.trump ? 40 : 20;
      return html`<button key=${a} class="btn primary cante" data-testid=${`cante-${suit}`} aria-keyshortcuts="K"
        onClick=${() => act(a)}><${SuitIcon} suit=${suit} /><span>${t("table.sing", { points, suit: suitName(suit) })}</span></button>`;
    });
    if (legal.nocante) {
      buttons.push(html`<button key="nocante" class="btn ghost" data-testid="no-cante" aria-keyshortcuts="N"
        onClick=${() => act("nocante")}>${t("table.noCante")}</button>`);
    }
  } else if (mine && v.phase === "play") {
    prompt = t("table.playCard");
  } else if (v && v.phase === "cante" && (v.to_move === null || v.to_move === undefined)) {
    // the cante window after a trick: the same for everybody who has nothing to sing
    prompt = t("table.canteWindow");
  } else if (v && v.phase !== "finished" && v.to_move !== null && v.to_move !== undefined) {
    prompt = t("table.waitingFor", { seat: w.seatName(v.to_move) });
  }
  const message = state.message;
  let messageText = null;
  if (message) {
    if (message.error) messageText = errorText(message.error);
    else {
      const params = { ...(message.params || {}) };
      if ("suit" in params) params.suit = suitName(params.suit);
      if (message.move) params.move = w.moveName(params.move);
      messageText = t(message.key, params);
    }
  }
  // Our cante to choose: on a phone held upright these buttons lie over the middle of the felt
  // (table.css), so that the felt keeps its size
  const overFelt = mine && !sent && v.phase === "cante" && buttons.length > 0;
  return html`<div class=${`actions${overFelt ? " over-felt" : ""}`} data-testid="actions">
    ${prompt
      ? html`<span class=${`prompt${mine && !sent ? "" : " muted"}`} data-testid=${sent ? "sent-move" : "prompt"}
          aria-busy=${sent ? "true" : null}>${prompt}</span>`
      : null}
    ${buttons}
    ${seated(state) && w.info(state.seat).away
      ? html`<button class="btn primary" data-testid="reclaim" onClick=${reclaim}>${t("table.reclaim")}</button>`
      : null}
    ${messageText
      ? html`<span class=${`message ${message.kind}`} role="alert" data-testid="table-message">${messageText}</span>`
      : null}
  </div>`;
}

export function Hand({ state, cards, legal, selected, onPick, hinted = null }) {
  const v = state.view;
  if (!seated(state)) {
    return html`<div class="hand spectator" data-testid="spectating">${t("table.spectating")}</div>`;
  }
  if (!v) return html`<div class="hand" />`;
  const playing = v.phase === "play" && v.to_move === state.seat;
  const out = v.sitting_out === state.seat;
  return html`<div class=${`hand${out ? " out" : ""}`} data-testid="hand" role="listbox" aria-orientation="horizontal" tabindex="-1"
    aria-label=${out ? t("table.yourHandOut") : t("table.yourHand")}>
    ${cards.map((code, i) => {
      const ok = playing && legal.cards.includes(code);
      const cls = ["card"];
      if (playing) cls.push(ok ? "legal" : "dim");
      if (playing && i === selected) cls.push("selected");
      if (code === hinted) cls.push("hinted");
      return html`<button key=${code} class=${cls.join(" ")} data-testid=${`card-${code}`} data-card=${code}
        data-hinted=${code === hinted ? "true" : null}
        data-index=${i} data-legal=${String(ok)} role="option" aria-selected=${String(i === selected)}
        aria-label=${`${cardName(code)}${playing && !ok ? ` (${t("table.notPlayable")})` : ""}`}
        aria-keyshortcuts=${String(i + 1)} tabindex=${i === selected ? "0" : "-1"}
        onClick=${() => onPick(code, i)} dangerouslySetInnerHTML=${{ __html: cardSvg(cardId(code)) }} />`;
    })}
  </div>`;
}

// ---- side: game log and chat -----------------------------------------------------------------

function GameLog({ state, w }) {
  const list = useRef(null);
  const follow = useRef(null);
  if (!follow.current) follow.current = follower();
  // keyed on the newest line, not the count: the log keeps its last LOG_LIMIT lines, so in a
  // long match the count stops changing while lines still come
  const newest = state.log.length ? state.log[state.log.length - 1].id : 0;
  useLayoutEffect(() => follow.current.update(list.current), [newest]);
  const onScroll = (e) => follow.current.onScroll(e.currentTarget);
  // a list read out as it grows (aria-live: role="log" would make its lines orphaned list
  // items), and a stop of Tab so that the arrow keys scroll it
  return html`<section class="side-part log-part" aria-labelledby="game-log-title">
    <h2 class="side-title" id="game-log-title">${t("table.log")}</h2>
    <ol class="game-log" ref=${list} onScroll=${onScroll} aria-live="polite" aria-relevant="additions"
      aria-labelledby="game-log-title" tabindex="0" data-testid="game-log">
      ${state.log.map(
        (e) => html`<li key=${e.id} class=${`log-${e.kind}${e.seat !== undefined && e.seat !== null ? ` team-${teamOf(e.seat)}` : ""}`}
          data-kind=${e.kind}>${w.logText(e)}</li>`,
      )}
    </ol>
  </section>`;
}

function Chat({ state, w, send, muted, toggleMute }) {
  const input = useRef(null);
  const lines = useRef(null);
  // keyed on the newest line (the chat keeps its last lines only, so its count stops changing)
  const newest = state.chat.length ? state.chat[state.chat.length - 1] : null;
  useEffect(() => {
    const el = lines.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);
  const submit = (e) => {
    e.preventDefault();
    const text = input.current.value.trim();
    if (!text) return;
    input.current.value = "";
    send({ text: text.slice(0, 200) });
  };
  const others = (state.info?.seats || []).filter((s) => s.user && s.seat !== state.seat);
  // Spectators may come to a public table; a mute of theirs stays shown wherever it is on.
  const spectators = Boolean(state.info?.options?.public || state.mutedSpectators);
  return html`<section class="side-part chat-part" aria-labelledby="chat-title">
    <h2 class="side-title" id="chat-title">${t("chat.title")}</h2>
    <ul class="chat-lines" ref=${lines} data-testid="chat" aria-live="polite" aria-labelledby="chat-title"
      tabindex="0">
      ${state.chat.map(
        (c, i) => html`<li key=${i} class=${c.seat === null || c.seat === undefined ? "spectator" : `team-${teamOf(c.seat)}`}>
          <strong>${c.name}: </strong><span>${c.phrase ? t(`phrase.${c.phrase}`) : c.text}</span>
        </li>`,
      )}
    </ul>
    <div class="phrases">
      ${QUICK_PHRASES.map(
        (p) => html`<button key=${p} class="chip" type="button" data-testid=${`phrase-${p}`} onClick=${() => send({ phrase: p })}>${t(`phrase.${p}`)}</button>`,
      )}
    </div>
    <form class="chat-form" onSubmit=${submit}>
      <input ref=${input} type="text" maxlength="200" data-testid="chat-input" aria-label=${t("chat.placeholder")}
        placeholder=${t("chat.placeholder")} autocomplete="off" />
      <button class="btn small" type="submit" data-testid="chat-send">${t("chat.send")}</button>
    </form>
    ${others.length || spectators
      ? html`<div class="mutes">
          <span class="muted">${t("chat.mute")}</span>
          ${others.map(
            (s) => html`<button key=${s.seat} class=${`chip${muted.has(s.seat) ? " on" : ""}`} type="button"
              aria-pressed=${String(muted.has(s.seat))} data-testid=${`mute-${s.seat}`} onClick=${() => toggleMute(s.seat)}>${w.seatName(s.seat)}</button>`,
          )}
          ${spectators
            ? html`<button class=${`chip${state.mutedSpectators ? " on" : ""}`} type="button"
                aria-pressed=${String(state.mutedSpectators)} data-testid="mute-spectators"
                onClick=${() => toggleMute(null)}>${t("chat.spectators")}</button>`
            : null}
        </div>`
      : null}
  </section>`;
}

export function Side({ state, w, open, onClose, send, muted, toggleMute }) {
  const close = useRef(null);
  const aside = useRef(null);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    // the drawer takes the focus when it opens (on wide screens the button is hidden), and
    // gives it back to its button when it closes with the focus in it
    if (open && close.current?.offsetParent) close.current.focus();
    else if (!open && wasOpen.current && aside.current?.contains(document.activeElement)) {
      document.querySelector(".drawer-toggle")?.focus();
    }
    wasOpen.current = open;
  }, [open]);
  return html`<aside ref=${aside} class=${`side${open ? " open" : ""}`} data-testid="side" aria-label=${t("table.sidePanel")}>
    <button ref=${close} class="btn small ghost drawer-close" type="button" data-testid="side-close" onClick=${onClose}>${t("common.close")}</button>
    <${GameLog} state=${state} w=${w} />
    <${Chat} state=${state} w=${w} send=${send} muted=${muted} toggleMute=${toggleMute} />
  </aside>`;
}

// ---- dialogs ------------------------------------------------------------------------------------

// The dialogs open, the newest last: Escape closes the one on top.
const openDialogs = [];

/** Closes the dialog on top (if it can be closed); false when no dialog is open. */
export function closeTopDialog() {
  const top = openDialogs[openDialogs.length - 1];
  if (!top) return false;
  top.current?.();
  return true;
}

/**
 * A modal dialog: a <dialog> shown with showModal(), so the browser keeps Tab and Shift+Tab
 * inside it and makes the rest of the page (the table, the header) inert while it is open.
 */
function Dialog({ testid, title, onClose, children, footer = null, after = null, closeText = null }) {
  const box = useRef(null);
  const close = useRef(onClose);
  close.current = onClose;
  const closing = useRef(false);
  useLayoutEffect(() => {
    const dialog = box.current;
    const opener = document.activeElement;
    const typing = opener?.tagName === "INPUT";
    openDialogs.push(close);
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", ""); // jsdom
    // focus the dialog's main button once, when it opens (not on every update); before the
    // browser paints, so no keystroke or script sees the dialog open without the focus on it.
    // A player typing (the chat) gets the dialog itself: his next key presses no button.
    const button = dialog.querySelector(".btn.primary");
    if (button && !typing) button.focus();
    else dialog.focus();
    return () => {
      openDialogs.splice(openDialogs.indexOf(close), 1);
      // on closing, the focus goes back to where it was (or, if that is gone, to the hand),
      // not to the page's start; unless the player has moved it out of the dialog meanwhile
      const active = document.activeElement;
      const ours = !active || active === document.body || dialog.contains(active);
      closing.current = true;
      if (dialog.open) dialog.close(); // out of the top layer: the page is no longer inert
      if (!ours) return;
      const back = opener?.isConnected && opener !== document.body ? opener : null;
      const hand = ['.hand .card[tabindex="0"]', ".hand[tabindex]", ".table-screen"].map((q) => document.querySelector(q));
      (back || hand.find(Boolean))?.focus({ preventScroll: true });
    };
  }, []);
  // Escape comes to the table's key handler (TableScreen.js), which closes the dialog on top;
  // a close request that is not a key (or not seen there) closes it the same way, and a
  // dialog that only its buttons close stays open
  const cancel = (e) => {
    e.preventDefault();
    close.current?.();
  };
  const closed = () => {
    if (closing.current) return;
    if (close.current) close.current();
    else if (box.current?.isConnected && typeof box.current.showModal === "function") box.current.showModal();
  };
  // with `after` (what may come later, below the buttons) the dialog hangs from the top, so
  // that what comes grows it downwards and moves neither its content nor its buttons
  return html`<dialog class=${`dialog${after ? " from-top" : ""}`} aria-modal="true" tabindex="-1"
    aria-labelledby=${`${testid}-title`} data-testid=${testid} ref=${box} onCancel=${cancel} onClose=${closed}>
    <h2 id=${`${testid}-title`}>${title}</h2>
    ${children}
    <div class="dialog-foot">
      ${footer}
      ${onClose
        ? html`<button class="btn primary close" data-testid=${`${testid}-close`} onClick=${onClose}>${closeText || t("common.continue")}</button>`
        : null}
    </div>
    ${after}
  </dialog>`;
}

export function LastTrickDialog({ state, w, onClose }) {
  const last = state.lastTrick;
  return html`<${Dialog} testid="last-trick" title=${t("table.lastTrick")} onClose=${onClose}>
    ${last
      ? html`<div class="card-row">
          ${last.seats.map(
            (s, i) => html`<figure key=${last.cards[i]} class=${last.winner === s ? "winner" : ""}>
              <${Svg} tag="div" class="card static" role="img" aria-label=${cardName(last.cards[i])} markup=${cardSvg(cardId(last.cards[i]))} />
              <figcaption title=${w.fullName(s)}>${w.seatName(s)}</figcaption>
            </figure>`,
          )}
          <p class="muted">${w.about(last.winner, "table.trickWonBy")}</p>
        </div>`
      : html`<p>${t("table.noTrickYet")}</p>`}
  </${Dialog}>`;
}

const percent = (value) => percentText(value);

/** One costly decision of ours in the hand summary: where, what, the expert's, the cost. */
function CostlyDecision({ d }) {
  const where = d.kind === "bid" ? t("analysis.whereBid") : t("analysis.whereTrick", { trick: d.trick });
  return html`<li data-testid="summary-decision" data-mark=${d.mark || "none"}>
    ${`${where}: ${t("analysis.played", { action: actionText(d.chosen) })} · ${t("analysis.best", { action: actionText(d.best) })} · ${t("analysis.cost", { cost: costText(d) })}`}
    ${d.mark ? html` <span class=${`an-mark an-${d.mark}`}>${t(`analysis.mark.${d.mark}`)}</span>` : null}
  </li>`;
}

/**
 * The hand's analysis in its summary, once the server's `hand_analysis` has come: our
 * accuracy and costliest decisions, or for a spectator each analysed player's accuracy.
 */
export function SummaryAnalysis({ state, w }) {
  const shown = summaryAnalysis(state);
  if (!shown) return null;
  let body;
  if (shown.seats) {
    body = html`<ul class="an-accuracy">
      ${shown.seats.map(
        (s) => html`<li key=${s.seat} data-testid=${`summary-accuracy-${s.seat}`}>
          ${t("analysis.seatAccuracy", { seat: w.seatName(s.seat), accuracy: percent(s.accuracy) })}
        </li>`,
      )}
    </ul>`;
  } else if (!shown.mine || shown.mine.accuracy === null) {
    body = html`<p class="muted">${t("analysis.noChoice")}</p>`;
  } else {
    body = html`<p data-testid="summary-accuracy">${t("analysis.yourAccuracy", { accuracy: percent(shown.mine.accuracy) })}</p>
      ${shown.costly.length
        ? html`<ul class="summary-costly">${shown.costly.map((d) => html`<${CostlyDecision} key=${d.step} d=${d} />`)}</ul>`
        : html`<p class="good">${t("analysis.allBest")}</p>`}`;
  }
  return html`<section class="summary-analysis" data-testid="summary-analysis" aria-live="polite">
    <h3>${t("analysis.handTitle")}</h3>
    ${body}
  </section>`;
}

export function SummaryDialog({ state, w, onClose, myClock }) {
  const s = state.summary;
  const my = w.myTeam;
  const row = (label, a, b, testid) => html`<tr data-testid=${testid}><th scope="row">${label}</th><td>${a}</td><td>${b}</td></tr>`;
  const cantes = s.cantes.length
    ? s.cantes.map((c) => w.about(c.seat, "summary.canteLine", { suit: suitName(c.suit), points: c.points })).join(" · ")
    : t("summary.noCantes");
  const hasBreakdown = Array.isArray(s.card_points) && Array.isArray(s.cante_points);
  const lastTrick = (team) => (s.last_trick === team ? "+10" : "–");
  const won = s.winner === my;
  const footer = myClock ? html`<span class="next-hand"><${Countdown} clock=${myClock} label=${t("summary.nextHandNeedsYou")} bar=${false} /></span>` : null;
  // the analysis comes a few seconds after the hand: below the buttons, so they stay put
  const analysis = html`<${SummaryAnalysis} state=${state} w=${w} />`;
  return html`<${Dialog} testid="hand-summary" title=${t("summary.title")} onClose=${onClose} footer=${footer} after=${analysis}>
    <div class="summary">
      <p class=${`summary-result ${seated(state) ? (won ? "good" : "bad") : ""}`} data-testid="summary-result">
        ${w.handResult(s.winner, s.game_points)}
      </p>
      <p>${w.contractText(s.contract, s.bidder)}</p>
      <table class="summary-table">
        <thead><tr><td /><th scope="col">${w.teamName(my)}</th><th scope="col">${w.teamName(1 - my)}</th></tr></thead>
        <tbody>
          ${hasBreakdown ? row(t("summary.cardPoints"), s.card_points[my], s.card_points[1 - my], "summary-cards") : null}
          ${hasBreakdown && s.last_trick !== undefined && s.last_trick !== null
            ? row(t("summary.lastTrick"), lastTrick(my), lastTrick(1 - my), "summary-last-trick")
            : null}
          ${hasBreakdown ? row(t("summary.cantePoints"), s.cante_points[my], s.cante_points[1 - my], "summary-cante-points") : null}
          ${row(t("summary.points"), s.points[my], s.points[1 - my], "summary-points")}
          ${row(t("summary.tricks"), s.tricks[my], s.tricks[1 - my], "summary-tricks")}
          ${row(t("summary.score"), s.score_after[my], s.score_after[1 - my], "summary-score")}
        </tbody>
      </table>
      <p class="muted">${t("summary.cantes")}: ${cantes}</p>
      ${s.dead_hand && s.dead_hand.length
        ? html`<div class="dead-hand" data-testid="dead-hand">
            <p>${s.sitting_out === state.seat && seated(state) ? t("summary.deadHandYou") : t("summary.deadHand", { seat: w.seatName(s.sitting_out) })}</p>
            <div class="card-row small">
              ${s.dead_hand.map((c) => html`<${Svg} key=${c} tag="div" class="card static" role="img" aria-label=${cardName(c)} data-testid=${`dead-${c}`} markup=${cardSvg(cardId(c))} />`)}
            </div>
          </div>`
        : null}
    </div>
  </${Dialog}>`;
}

/**
 * Asks a seated player who leaves a match in play whether to give up the seat (a computer
 * player takes it): "cancel" (the main button, focused; Escape too) keeps it.
 */
export function LeaveDialog({ onLeave, onCancel }) {
  const leave = html`<button class="btn" data-testid="leave-confirm-ok" onClick=${onLeave}>${t("table.leave")}</button>`;
  return html`<${Dialog} testid="leave-confirm" title=${t("table.leaveTitle")} onClose=${onCancel}
    closeText=${t("common.cancel")} footer=${leave}>
    <p>${t("table.leaveConfirm")}</p>
  </${Dialog}>`;
}

export function MatchEndDialog({ state, w, rematch, leave, openSheet }) {
  const m = state.matchEnd;
  const my = w.myTeam;
  const isSeated = seated(state);
  const accepted = state.info?.rematch || [];
  const iAccepted = isSeated && accepted.includes(state.seat);
  return html`<${Dialog} testid="match-end" title=${t("match.title")} onClose=${null}>
    <div class="match-end">
      <p class=${`big ${isSeated ? (m.winner === my ? "good" : "bad") : ""}`} data-testid="match-winner">
        ${isSeated ? (m.winner === my ? t("match.youWon") : t("match.youLost")) : t("match.teamWon", { team: w.teamName(m.winner) })}
      </p>
      <p class="final" data-testid="final-score">${t("match.final", { us: m.score[my], them: m.score[1 - my] })}</p>
      ${accepted.length ? html`<p class="muted">${t("match.rematchAccepted", { names: accepted.map((s) => w.seatName(s)).join(", ") })}</p>` : null}
      <div class="row">
        ${isSeated
          ? html`<button class="btn primary" data-testid="rematch" disabled=${iAccepted} onClick=${rematch}>
              ${iAccepted ? t("match.rematchWaiting") : t("match.rematch")}
            </button>`
          : null}
        <button class="btn ghost" data-testid="match-sheet" onClick=${openSheet}>${t("sheet.title")}</button>
        <button class="btn ghost" data-testid="back-lobby" onClick=${leave}>${t("nav.lobby")}</button>
      </div>
    </div>
  </${Dialog}>`;
}

export function ScoreSheetDialog({ state, w, onClose }) {
  const my = w.myTeam;
  const { base, rows } = state.sheet;
  const score = state.info?.score || [0, 0];
  // "Nosotros–Ellos" may break after its dash: on a phone the columns need the room
  const teams = html`${w.teamName(my)}–<wbr />${w.teamName(1 - my)}`;
  return html`<${Dialog} testid="score-sheet" title=${t("sheet.title")} onClose=${onClose}>
    <div class="sheet-wrap">
      <table class="summary-table score-sheet">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">${t("sheet.contract")}</th>
            <th scope="col">${t("sheet.handPoints")}</th>
            <th scope="col">${t("sheet.gamePoints")}</th>
            <th scope="col">${t("sheet.score")}</th>
          </tr>
          <tr class="sheet-teams"><td /><td /><th>${teams}</th><td /><th>${teams}</th></tr>
        </thead>
        <tbody>
          ${base
            ? html`<tr data-testid="sheet-base" class="sheet-base">
                <td colspan="4">${t("sheet.before", { n: base.hands })}</td>
                <td>${base.score[my]}–${base.score[1 - my]}</td>
              </tr>`
            : null}
          ${rows.map(
            (r) => html`<tr key=${r.hand} data-testid=${`sheet-row-${r.hand}`}>
              <td>${r.hand}</td>
              <td>${w.contractText(r.contract, r.bidder)}</td>
              <td>${r.points[my]}–${r.points[1 - my]}</td>
              <td class=${r.winner === my ? "good" : "bad"}>${w.teamName(r.winner)} +${r.game_points}</td>
              <td>${r.score[my]}–${r.score[1 - my]}</td>
            </tr>`,
          )}
          ${!base && !rows.length ? html`<tr><td colspan="5" class="muted">${t("sheet.empty")}</td></tr>` : null}
        </tbody>
        <tfoot><tr><th colspan="4" scope="row">${t("table.matchScore")}</th><td data-testid="sheet-total">${score[my]}–${score[1 - my]}</td></tr></tfoot>
      </table>
    </div>
  </${Dialog}>`;
}

/** The points of the hand so far, for the top bar. */
export function handScoreText(view, my) {
  const pts = handPoints(view);
  return t("table.handPoints", {
    us: pts[my],
    them: pts[1 - my],
    ut: view.tricks_won[my],
    tt: view.tricks_won[1 - my],
  });
}
