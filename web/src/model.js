// Where seats sit on screen and how a hand is ordered for display. No rules here: the legal
// moves, the reasons a card may not be played and every result come from the server.

import { cardId, cardSuit, cardRank, SUITS } from "./cards.js";

export const BIDS = ["pass", "solo", "cuatrola", "quintola"];
export const POSITIONS = ["bottom", "right", "top", "left"];

/** Where `seat` sits on screen for a viewer at `mySeat` (play goes to the right). */
export function position(seat, mySeat) {
  return POSITIONS[(seat - (mySeat ?? 0) + 4) % 4];
}

export function teamOf(seat) {
  return seat & 1;
}

export function suitIndex(letter) {
  return SUITS.indexOf(letter);
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
