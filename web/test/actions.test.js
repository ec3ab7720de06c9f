import { h, render } from "preact";
import { describe, expect, it, vi } from "vitest";
import { Actions, words } from "../src/table/parts.js";
import { initialState, legalOf, reduce } from "../src/table/state.js";

// No catalogue is loaded here: t() answers the keys themselves (and warns).
vi.spyOn(console, "warn").mockImplementation(() => {});

const INFO = {
  id: "t-1",
  options: { rules: "exact11" },
  status: "playing",
  seats: [0, 1, 2, 3].map((seat) => ({ seat, name: `P${seat}`, user: `u${seat}`, bot: false, online: true })),
  score: [0, 0],
  hands_played: 0,
};
const WINDOW = {
  phase: "cante", dealer: 0, mano: 1, to_move: 0, trump: "O", shown_card: "RO", trump_held: false,
  bids: ["pass", "pass", "pass", "pass"], contract: "pass", bidder: null, sitting_out: null,
  trick: [], tricks: [], cantes: [], card_counts: [4, 4, 4, 4], tricks_won: [1, 0], card_points: [20, 0],
  summary: null, seat: 0, hand: ["RC", "CC", "AB", "SO"], legal: ["cante:C", "nocante"], illegal: [],
};

function actions(state) {
  const root = document.createElement("div");
  render(h(Actions, { state, legal: legalOf(state), w: words(state), act: () => {}, reclaim: () => {}, bidHelp: () => "" }), root);
  return root;
}

describe("the action row", () => {
  const open = reduce(initialState(), { type: "sync", msg: { info: INFO, seat: 0, view: WINDOW }, now: 0 });

  it("offers the cantes with their prompt", () => {
    const root = actions(open);
    expect(root.querySelector("[data-testid=prompt]").textContent).toBe("table.canSing");
    expect(root.querySelector("[data-testid=cante-C]")).not.toBe(null);
    expect(root.querySelector("[data-testid=no-cante]")).not.toBe(null);
  });

  it("while a cante is on its way says it, and no prompt stands without its buttons", () => {
    const sent = reduce(open, { type: "play", action: "cante:C" });
    const root = actions(sent);
    expect(root.querySelector("[data-testid=prompt]")).toBe(null);
    expect(root.querySelectorAll("button").length).toBe(0);
    const shown = root.querySelector("[data-testid=sent-move]");
    expect(shown.textContent).toBe("log.canteYou");
    expect(shown.getAttribute("aria-busy")).toBe("true");
  });

  it("a bid on its way the same", () => {
    const bidding = reduce(initialState(), {
      type: "sync",
      msg: { info: INFO, seat: 0, view: { ...WINDOW, phase: "bidding", bids: [], legal: ["pass", "solo"] } },
      now: 0,
    });
    expect(actions(bidding).querySelector("[data-testid=prompt]").textContent).toBe("table.yourBid");
    const root = actions(reduce(bidding, { type: "play", action: "solo" }));
    expect(root.querySelector("[data-testid=prompt]")).toBe(null);
    expect(root.querySelector("[data-testid=sent-move]").textContent).toBe("log.bidYou");
  });
});

describe("computer players' names at the table", () => {
  const bots = {
    ...INFO,
    options: { rules: "exact11", bot_level: "medium" },
    seats: [
      { seat: 0, name: "Ana", user: "u0", bot: false, online: true },
      ...[1, 2, 3].map((seat) => ({ seat, name: "Computer", user: null, bot: true, bot_level: "medium" })),
    ],
  };
  it("tells the three apart by where they sit to the player", () => {
    const w = words(reduce(initialState(), { type: "sync", msg: { info: bots, seat: 0, view: WINDOW }, now: 0 }));
    expect([1, 2, 3].map(w.fullName)).toEqual(["player.computerRight", "player.computerPartner", "player.computerLeft"]);
    expect(new Set([1, 2, 3].map(w.longName)).size).toBe(3);
    expect(w.fullName(0)).toBe("Ana");
    // from another seat, the same computer is another relation
    const w2 = words(reduce(initialState(), { type: "sync", msg: { info: { ...bots, seats: bots.seats.map((s) => (s.seat === 1 ? { ...s, name: "Eva", user: "u1", bot: false, bot_level: undefined } : s)) }, seat: 1, view: WINDOW }, now: 0 }));
    expect(w2.fullName(3)).toBe("player.computerPartner");
    expect(w2.fullName(2)).toBe("player.computerRight");
    expect(w2.fullName(0)).toBe("Ana");
  });
  it("and by seat number to a spectator", () => {
    const w = words(reduce(initialState(), { type: "sync", msg: { info: bots, seat: null, view: null }, now: 0 }));
    expect([1, 2, 3].map(w.fullName)).toEqual(["player.computerSeat", "player.computerSeat", "player.computerSeat"]);
  });
});
