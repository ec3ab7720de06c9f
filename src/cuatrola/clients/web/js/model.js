// Game facts the client needs to present a view: seat positions, bid and cante actions, why a
// card is not playable, and a small replayer for finished hand records. The server stays the
// authority: the client only explains what the view's legal actions already say.

import { cardId, cardSuit, cardRank, SUITS, RANK_POINTS } from "./cards.js";

export const BIDS = ["pass", "solo", "cuatrola", "quintola"];
export const POSITIONS = ["bottom", "right", "top", "left"];

/** Where `seat` sits on screen for a viewer at `mySeat` (play goes to the right). */
export function position(seat, mySeat) {
  return POSITIONS[(seat - (mySeat ?? 0) + 4) % 4];
}

export function teamOf(seat) {
  return seat & 1;
}

export function partnerOf(seat) {
  return (seat + 2) & 3;
}

export function suitIndex(letter) {
  return SUITS.indexOf(letter);
}

/** The legal card codes of a view (the bids and cantes filtered out). */
export function legalCards(view) {
  return (view?.legal || []).filter((a) => /^[A3RCS][OCEB]$/.test(a));
}

export function legalBids(view) {
  return (view?.legal || []).filter((a) => BIDS.includes(a));
}

export function legalCantes(view) {
  return (view?.legal || []).filter((a) => a.startsWith("cante:") || a === "nocante");
}

/**
 * Why `code` may not be played now, as a catalogue key and its parameters, or null when it is
 * legal. Derived from the view's legal actions and the trick on the table (docs/rules.md 4.1).
 */
export function illegalReason(view, code) {
  if (!view || view.seat === null || view.seat === undefined) return { key: "why.spectator" };
  if (view.phase === "finished") return { key: "why.handOver" };
  if (view.to_move !== view.seat) return { key: "why.notYourTurn" };
  if (view.phase === "bidding") return { key: "why.bidFirst" };
  if (view.phase === "cante") return { key: "why.canteFirst" };
  const legal = legalCards(view);
  if (legal.includes(code)) return null;
  const trump = suitIndex(view.trump);
  const hand = view.hand.map(cardId);
  const legalIds = legal.map(cardId);
  const led = view.trick.length ? cardSuit(cardId(view.trick[0][1])) : null;
  if (led === null) return { key: "why.illegal" };
  const inSuit = (ids, suit) => ids.filter((c) => cardSuit(c) === suit);
  if (legalIds.every((c) => cardSuit(c) === led)) {
    const all = inSuit(hand, led);
    return legalIds.length < all.length
      ? { key: "why.mustBeat", params: { suit: led } }
      : { key: "why.mustFollow", params: { suit: led } };
  }
  if (legalIds.every((c) => cardSuit(c) === trump)) {
    const all = inSuit(hand, trump);
    return legalIds.length < all.length
      ? { key: "why.mustOvertrump", params: { suit: trump } }
      : { key: "why.mustTrump", params: { suit: trump } };
  }
  return { key: "why.illegal" };
}

/** Sort a hand for display: by suit (trump last, so it sits at the right), strongest first. */
export function sortHand(codes, trumpLetter) {
  const trump = suitIndex(trumpLetter);
  const order = (code) => {
    const id = cardId(code);
    const suit = cardSuit(id);
    return (suit === trump ? 10 : suit) * 10 + cardRank(id);
  };
  return [...codes].sort((a, b) => order(a) - order(b));
}

// ---- replay of a finished hand record (cuatrola-hand/1) ---------------------------------------

function trickWinner(seats, cards, trump) {
  const led = cardSuit(cards[0]);
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i];
    const b = cards[best];
    const cTrump = cardSuit(c) === trump;
    const bTrump = cardSuit(b) === trump;
    if (cTrump && !bTrump) best = i;
    else if (cTrump === bTrump && cardSuit(c) === cardSuit(b) && cardRank(c) < cardRank(b)) best = i;
    else if (!cTrump && !bTrump && cardSuit(c) === led && cardSuit(b) !== led) best = i;
  }
  return seats[best];
}

/**
 * Every position of a finished hand, one per step: the deal, each bid, each card and each cante.
 * A step is {hands, trick, tricks, bids, cantes, sittingOut, bidder, contract, toMove, event}.
 * The record is trusted to be valid (the server replayed it when storing it).
 */
export function replaySteps(record) {
  const dealer = record.dealer;
  const mano = (dealer + 1) % 4;
  const trumpCard = cardId(record.trump);
  const trump = cardSuit(trumpCard);
  const hands = record.hands.map((h) => h.map(cardId));
  const bids = [];
  let contract = 0;
  let bidder = null;
  const steps = [];
  const snapshot = (event, extra = {}) =>
    steps.push({
      hands: hands.map((h) => [...h]),
      trick: extra.trick ? extra.trick.map((x) => [...x]) : [],
      tricks: extra.tricks ? extra.tricks.length : 0,
      teamTricks: extra.teamTricks ? [...extra.teamTricks] : [0, 0],
      teamPoints: extra.teamPoints ? [...extra.teamPoints] : [0, 0],
      bids: [...bids],
      cantes: extra.cantes ? [...extra.cantes] : [],
      contract: BIDS[contract],
      bidder,
      sittingOut: bidder === null ? null : partnerOf(bidder),
      dealer,
      mano,
      trumpCard,
      trump,
      event,
    });
  snapshot({ kind: "deal" });
  (record.bids || []).forEach((bid, i) => {
    const seat = (mano + i) % 4;
    bids.push(bid);
    const value = BIDS.indexOf(bid);
    if (value > contract) {
      contract = value;
      bidder = seat;
    }
    snapshot({ kind: "bid", seat, bid });
  });
  const sittingOut = bidder === null ? null : partnerOf(bidder);
  const active = [0, 1, 2, 3].filter((s) => s !== sittingOut);
  let leader = mano === sittingOut ? (mano + 1) % 4 : mano;
  let trick = [];
  const tricks = [];
  const teamTricks = [0, 0];
  const teamPoints = [0, 0]; // card points, +10 for the last trick, + cantes (rules.md 6)
  const cantes = [];
  let lastWinner = null;
  for (const entry of record.plays || []) {
    if (entry.startsWith("cante:")) {
      const suit = suitIndex(entry.slice(6));
      const seat = [lastWinner, partnerOf(lastWinner)].find((s) =>
        [2, 3].every((r) => hands[s].includes(suit * 5 + r)),
      );
      const points = suit === trump ? 40 : 20;
      cantes.push({ seat: seat ?? lastWinner, suit, points });
      teamPoints[teamOf(seat ?? lastWinner)] += points;
      snapshot(
        { kind: "cante", seat: seat ?? lastWinner, suit },
        { trick: [], tricks, teamTricks, teamPoints, cantes },
      );
      continue;
    }
    const card = cardId(entry);
    const order = [];
    for (let k = 0; k < 4; k++) {
      const s = (leader + k) % 4;
      if (active.includes(s)) order.push(s);
    }
    const seat = order[trick.length];
    hands[seat] = hands[seat].filter((c) => c !== card);
    trick.push([seat, card]);
    if (trick.length === active.length) {
      const winner = trickWinner(
        trick.map((x) => x[0]),
        trick.map((x) => x[1]),
        trump,
      );
      tricks.push({ cards: trick, winner });
      teamTricks[teamOf(winner)] += 1;
      for (const [, c] of trick) teamPoints[teamOf(winner)] += RANK_POINTS[cardRank(c)];
      if (tricks.length === 5) teamPoints[teamOf(winner)] += 10;
      snapshot({ kind: "card", seat, card, winner }, { trick, tricks, teamTricks, teamPoints, cantes });
      lastWinner = winner;
      leader = winner;
      trick = [];
    } else {
      snapshot({ kind: "card", seat, card }, { trick, tricks, teamTricks, teamPoints, cantes });
    }
  }
  if (tricks.length === 5) {
    steps[steps.length - 1].result = handResult(record, bidder, contract, teamPoints, teamTricks);
  }
  return steps;
}

const CONTRACT_VALUE = [1, 2, 4, 5];

/**
 * Who wins a finished hand and how many game points (docs/rules.md section 6): the side with
 * more hand points (a tie goes to the mano's team) in a plain hand or a solo; in a cuatrola
 * the bidder needs 4 tricks (5 without the Quintola variant), in a quintola all 5.
 */
function handResult(record, bidder, contract, points, tricks) {
  const manoTeam = teamOf((record.dealer + 1) % 4);
  const value = CONTRACT_VALUE[contract];
  if (contract <= 1) {
    // plain hand or solo (the solo's sitting-out partner scores nothing, so team points
    // are the bidder's own): more hand points wins, a tie goes to the mano's team
    const winner = points[0] === points[1] ? manoTeam : points[0] > points[1] ? 0 : 1;
    return { winner, gamePoints: value };
  }
  const quintolaOn = record.rules?.quintola ?? true;
  const needed = contract === 2 && quintolaOn ? 4 : 5;
  const made = tricks[teamOf(bidder)] >= needed;
  return { winner: made ? teamOf(bidder) : 1 - teamOf(bidder), gamePoints: value };
}
