// The replay viewer (#/replay/<match id>): a finished match hand by hand and step by step,
// all four hands face up. It shows what the server's steps say (GET /api/matches/{id}/steps:
// the public view and the four hands after the deal, each bid, card and cante); the trick
// winners, points and results come from there, never from rules worked out here.
// Keys: ← / → step, Page Up / Page Down change hand, Home / End.

import { useEffect, useRef, useState } from "preact/hooks";
import { Avatar } from "../avatar.js";
import { cardId, cardSvg, suitIcon, SUITS } from "../cards.js";
import { t } from "../i18n.js";
import { Icon } from "../icons.js";
import { api } from "../net.js";
import { AnalysisPanel, useAnalysis } from "./Analysis.js";
import { cardName, errorText, playerName, rulesLabel, suitName } from "../text.js";
import { Name, Svg, html, isComputer, loadWithRetry, presetOf } from "./common.js";
import { ShuffleBadge } from "./ShuffleBadge.js";
import { handPoints } from "../table/state.js";

const POSITIONS = ["bottom", "right", "top", "left"];
const BIDS = ["pass", "solo", "cuatrola", "quintola"];
const CARD = /^[A3RCS][OCEB]$/;

/** Where `seat` sits on screen for a viewer at `mySeat` (play goes to the right). */
const position = (seat, mySeat) => POSITIONS[(seat - mySeat + 4) % 4];

function useReplayData(matchId) {
  const [state, setState] = useState({ match: null, hands: null, error: null });
  useEffect(() => {
    const id = encodeURIComponent(matchId);
    return loadWithRetry(
      () => Promise.all([api("GET", `/matches/${id}`), api("GET", `/matches/${id}/steps`)]),
      (both, error) =>
        setState(both ? { match: both[0], hands: both[1].hands || [], error: null } : { match: null, hands: null, error }),
    );
  }, [matchId]);
  return state;
}

export function Replay({ matchId, userId, onBack }) {
  const { match, hands, error } = useReplayData(matchId);
  const analysis = useAnalysis(matchId);
  const [pos, setPos] = useState({ hand: 0, step: 0 });
  const [playing, setPlaying] = useState(false);
  const steps = hands?.[pos.hand]?.steps || [];
  const last = steps.length - 1;

  const goStep = (step) => setPos((p) => ({ ...p, step: Math.max(0, Math.min(last, step)) }));
  const goHand = (hand) => {
    if (!hands?.length) return;
    setPos({ hand: Math.max(0, Math.min(hands.length - 1, hand)), step: 0 });
  };

  // autoplay: one step every 0.9 s, stopping at the hand's end
  useEffect(() => {
    if (!playing) return undefined;
    if (pos.step >= last) {
      setPlaying(false);
      return undefined;
    }
    const id = setTimeout(() => goStep(pos.step + 1), 900);
    return () => clearTimeout(id);
  }, [playing, pos, last]);

  const keys = useRef(null);
  keys.current = (e) => {
    if (!steps.length) return;
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.key === "ArrowRight") goStep(pos.step + 1);
    else if (e.key === "ArrowLeft") goStep(pos.step - 1);
    else if (e.key === "PageDown") goHand(pos.hand + 1);
    else if (e.key === "PageUp") goHand(pos.hand - 1);
    else if (e.key === "Home") goStep(0);
    else if (e.key === "End") goStep(last);
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    const onKey = (e) => keys.current(e);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  if (!match || !steps.length) {
    let text = hands ? t("replay.empty") : t("common.loading");
    if (error) text = error.code === "not_found" ? t("replay.notFound") : errorText(error);
    return html`<section class="panel" data-testid="replay">
      <h1>${t("replay.title")}</h1>
      <p class=${error ? "message error" : "muted"}>${text}</p>
      <button class="btn" data-testid="replay-back" onClick=${onBack}>${t("nav.history")}</button>
    </section>`;
  }

  const players = match.players || [];
  const me = players.find((p) => userId && p.user === userId);
  const mySeat = me ? me.seat : 0;
  const us = mySeat & 1;
  // Computer players by seat, as a spectator sees them at the table ("Computer 3"): three
  // "Computer (Medium)" would leave a plate or "... wins the trick" naming nobody in particular.
  const nameOf = (seat) => {
    const p = players.find((x) => x.seat === seat);
    if (p && isComputer(p)) return t("player.computerSeat", { n: seat + 1 });
    return p ? playerName(p) || t("table.seatN", { n: seat + 1 }) : t("table.seatN", { n: seat + 1 });
  };
  const step = steps[pos.step];
  const view = step.view;
  const completed = step.action && CARD.test(step.action) && !view.trick.length ? view.tricks[view.tricks.length - 1] : null;
  const trick = completed ? completed.seats.map((seat, i) => [seat, completed.cards[i]]) : view.trick;
  const winner = completed ? completed.winner : null;
  const summary = pos.step === last ? view.summary : null;

  const describe = () => {
    const a = step.action;
    const seat = nameOf(step.seat);
    if (a === null || a === undefined) return t("replay.deal", { seat: nameOf(view.dealer) });
    if (BIDS.includes(a)) return t("log.bid", { seat, bid: t(`bid.${a}`) });
    if (a.startsWith("cante:")) return t("log.cante", { seat, suit: suitName(a.slice(6)) });
    if (a === "nocante") return t("log.nocante", { seat });
    const text = t("log.card", { seat, card: cardName(a) });
    return winner === null ? text : `${text} · ${t("table.trickWonBy", { seat: nameOf(winner) })}`;
  };

  let contract = "";
  if (view.bidder !== null && view.bidder !== undefined) {
    contract = t("table.contractBy", { contract: t(`bid.${view.contract}`), seat: nameOf(view.bidder) });
  } else if ((view.bids || []).length === 4) contract = t("table.plainHand");

  // as the table's bar counts them: cards, the last trick once taken, cantes
  const points = handPoints(view);
  const tricks = view.tricks_won || [0, 0];
  const before = view.score_before || [0, 0];
  const trumpIndex = SUITS.indexOf(view.trump);

  const seatBox = (seat) => {
    const player = players.find((x) => x.seat === seat) || { name: "", seat };
    const bidIndex = (seat - view.mano + 4) % 4;
    const bid = bidIndex < (view.bids || []).length ? view.bids[bidIndex] : null;
    const out = view.sitting_out === seat;
    return html`<div key=${seat} class=${`rp-seat rp-${position(seat, mySeat)}${out ? " out" : ""}${step.seat === seat ? " acting" : ""}`}
      data-testid=${`replay-seat-${seat}`}>
      <div class="rp-head">
        <${Avatar} name=${player.name} bot=${isComputer(player)} size=${22} />
        <${Name} text=${nameOf(seat)}
          title=${isComputer(player) ? `${nameOf(seat)} · ${playerName(player)}` : nameOf(seat)} />
        ${view.dealer === seat ? html`<span class="badge dealer">${t("table.dealerShort")}</span>` : null}
        ${view.dealer === seat && view.trump_held
          ? html`<${Svg} class="rp-trump" markup=${cardSvg(cardId(view.shown_card))}
              label=${t("table.shownTrump", { card: cardName(view.shown_card) })} />`
          : null}
        ${out ? html`<span class="badge out">${t("table.sitsOut")}</span>` : null}
        ${bid ? html`<span class=${`badge bid bid-${bid}`}>${t(`bid.${bid}`)}</span>` : null}
      </div>
      <div class="rp-hand">
        ${step.hands[seat].map(
          (c) => html`<${Svg} key=${c} class="rp-mini" markup=${cardSvg(cardId(c))} label=${cardName(c)} />`,
        )}
      </div>
    </div>`;
  };

  // a control that has nothing to do stays focusable (aria-disabled): a disabled one would drop
  // the keyboard focus to the page's start the moment it is used ("to the end", "next hand")
  const button = (testid, label, onClick, disabled, icon, { after = false, iconOnly = false } = {}) => html`<button
      class=${`btn small${iconOnly ? " icon-only" : ""}`} data-testid=${testid} onClick=${disabled ? undefined : onClick}
      aria-disabled=${disabled ? "true" : null} aria-label=${label} title=${label}>
      ${after ? null : html`<${Icon} name=${icon} size=${16} />`}
      ${iconOnly ? null : html`<span>${label}</span>`}
      ${after ? html`<${Icon} name=${icon} size=${16} />` : null}
    </button>`;

  return html`<section class="replay-screen" data-testid="replay">
    <header class="rp-bar">
      <div class="rp-title">
        <h1>${t("replay.title")}</h1>
        <span class="rules-tag">${rulesLabel(presetOf(match.rules))}</span>
        <span class="rp-score" title=${t("replay.scoreBefore")}>${before[us]}–${before[1 - us]}</span>
      </div>
      <div class="rp-info">
        <span class="trump-badge">
          ${trumpIndex >= 0 ? html`<${Svg} class="icon" markup=${suitIcon(trumpIndex)} />` : null}
          <span>${t("table.trump")}: ${trumpIndex >= 0 ? suitName(trumpIndex) : ""}</span>
        </span>
        ${contract ? html`<span class="contract">${contract}</span>` : null}
        <span class="hand-score" data-testid="replay-points">
          ${t("table.handPoints", { us: points[us], them: points[1 - us], ut: tricks[us], tt: tricks[1 - us] })}
        </span>
        <${ShuffleBadge} record=${(match.hands || [])[pos.hand]} />
      </div>
      <button class="btn small ghost" data-testid="replay-back" onClick=${onBack}>
        <${Icon} name="back" size=${16} /> ${t("replay.back")}
      </button>
    </header>
    <div class="rp-felt">
      ${[0, 1, 2, 3].map(seatBox)}
      <div class="rp-center">
        <div class="rp-trick" data-testid="replay-trick">
          ${trick.map(
            ([seat, c]) => html`<${Svg} key=${c} class=${`rp-card at-${position(seat, mySeat)}${winner === seat ? " winner" : ""}`}
              markup=${cardSvg(cardId(c))} label=${`${nameOf(seat)}: ${cardName(c)}`} />`,
          )}
        </div>
      </div>
    </div>
    <div class="rp-dock">
      <p class="replay-event" data-testid="replay-event" aria-live="polite">${describe()}</p>
      ${summary
        ? html`<p class=${`replay-result ${summary.winner === us ? "good" : "bad"}`} data-testid="replay-result">
            ${summary.winner === us ? t("summary.resultWe", { points: summary.game_points }) : t("summary.resultThey", { points: summary.game_points })}
          </p>`
        : null}
      <div class="replay-controls">
        <div class="rp-group">
          ${button("replay-hand-prev", t("replay.prevHand"), () => goHand(pos.hand - 1), pos.hand === 0, "first")}
          <span class="replay-pos" data-testid="replay-hand">${t("replay.handN", { n: pos.hand + 1, total: hands.length })}</span>
          ${button("replay-hand-next", t("replay.nextHand"), () => goHand(pos.hand + 1), pos.hand >= hands.length - 1, "last", { after: true })}
        </div>
        <div class="rp-group">
          ${button("replay-start", t("replay.start"), () => goStep(0), pos.step === 0, "first", { iconOnly: true })}
          ${button("replay-prev", t("replay.prev"), () => goStep(pos.step - 1), pos.step === 0, "prev")}
          <span class="replay-pos" data-testid="replay-step">${t("replay.stepN", { n: pos.step, total: last })}</span>
          ${button("replay-next", t("replay.next"), () => goStep(pos.step + 1), pos.step >= last, "next", { after: true })}
          ${button("replay-end", t("replay.end"), () => goStep(last), pos.step >= last, "last", { iconOnly: true })}
          <button class="btn small primary" data-testid="replay-play"
            aria-label=${playing ? t("replay.pause") : t("replay.play")}
            onClick=${() => setPlaying(!playing && pos.step < last)}>
            <${Icon} name=${playing ? "pause" : "play"} size=${16} /><span>${playing ? t("replay.pause") : t("replay.play")}</span>
          </button>
        </div>
      </div>
    </div>
    ${(view.cantes || []).length
      ? html`<p class="muted rp-cantes">
          ${view.cantes.map((c) => t("summary.canteLine", { seat: nameOf(c.seat), suit: suitName(c.suit), points: c.points })).join(" · ")}
        </p>`
      : null}
    <${AnalysisPanel} state=${analysis} hand=${pos.hand} step=${pos.step} nameOf=${nameOf} />
  </section>`;
}
