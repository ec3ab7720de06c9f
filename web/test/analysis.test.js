import { h, render } from "preact";
import { describe, expect, it, vi } from "vitest";
import { costText } from "../src/analysis-words.js";
import { AnalysisPanel, decisionAt } from "../src/shell/Analysis.js";

// No catalogue is loaded here: t() answers the keys themselves (and warns).
vi.spyOn(console, "warn").mockImplementation(() => {});

const blunder = {
  step: 19,
  seat: 0,
  kind: "card",
  trick: 4,
  chosen: "3C",
  best: "RB",
  unit: "points",
  alternatives: [
    { action: "3C", value: -34, hindsight: -34 },
    { action: "RB", value: 24, hindsight: 24 },
  ],
  forced: false,
  cost: 58,
  hindsight_cost: 58,
  mark: "blunder",
  accuracy: 0.3,
  deals: 4,
};
const forced = { ...blunder, step: 21, chosen: "RB", best: "RB", alternatives: [{ action: "RB", value: null, hindsight: null }], forced: true, cost: null, mark: null, accuracy: null };
const hand = { seats: [{ seat: 0, decisions: 6, scored: 3, accuracy: 64.9, inaccuracies: 0, mistakes: 0, blunders: 1 }], decisions: [blunder, forced] };
const analysis = { format: "cuatrola-analysis/1", seats: hand.seats, hands: [hand] };

function show(state, step) {
  const root = document.createElement("div");
  render(h(AnalysisPanel, { state, hand: 0, step, nameOf: (seat) => `Seat ${seat}` }), root);
  return root;
}

describe("decisionAt", () => {
  it("finds the decision whose action a replay step shows (step 0 is the deal)", () => {
    expect(decisionAt(hand, 20)).toBe(blunder);
    expect(decisionAt(hand, 22)).toBe(forced);
    expect(decisionAt(hand, 0)).toBe(null);
    expect(decisionAt(undefined, 3)).toBe(null);
  });
});

describe("AnalysisPanel", () => {
  it("shows the decision, its mark, every option and the accuracy", () => {
    const root = show({ analysis, pending: false, error: null }, 20);
    const decision = root.querySelector("[data-testid=analysis-decision]");
    expect(decision.dataset.mark).toBe("blunder");
    expect(root.querySelector("[data-testid=analysis-mark]").textContent).toBe("analysis.mark.blunder");
    const rows = root.querySelectorAll("[data-testid=analysis-alternatives] tbody tr");
    expect([...rows].map((r) => r.dataset.action)).toEqual(["3C", "RB"]);
    expect(rows[0].className).toContain("chosen");
    expect(rows[1].className).toContain("best");
    expect(root.querySelector("[data-testid=analysis-accuracy-0]")).not.toBe(null);
  });
  it("says a forced move is forced and shows no options table", () => {
    const root = show({ analysis, pending: false, error: null }, 22);
    expect(root.querySelector("[data-testid=analysis-decision]").textContent).toContain("analysis.forced");
    expect(root.querySelector("[data-testid=analysis-alternatives]")).toBe(null);
  });
  it("shows a bid's expected game points beside its chance to win the match", () => {
    const bid = {
      ...blunder,
      step: 2,
      kind: "bid",
      trick: 0,
      chosen: "solo",
      best: "pass",
      unit: "match",
      alternatives: [
        { action: "pass", value: 48.5, hindsight: null, game_points: -0.4 },
        { action: "solo", value: 41.25, hindsight: null, game_points: 0.35 },
      ],
      cost: 7.25,
      hindsight_cost: null,
      mark: "mistake",
      game_points_cost: -0.75,
    };
    const withBid = { ...analysis, hands: [{ ...hand, decisions: [bid, blunder] }] };
    const root = show({ analysis: withBid, pending: false, error: null }, 3);
    expect(root.querySelector("[data-testid=analysis-alternatives] thead").textContent).toContain("analysis.gamePoints");
    const points = [...root.querySelectorAll("[data-testid=analysis-game-points]")];
    expect(points.length).toBe(2);
    expect(points.map((td) => td.textContent)).toEqual(["analysis.unit.game", "analysis.unit.game"]);
    // The cost is told in both units (the keys stand for the words here).
    expect(costText(bid)).toBe("analysis.unit.match · analysis.unit.game");
    // A card has no game points.
    const card = show({ analysis: withBid, pending: false, error: null }, 20);
    expect(card.querySelector("[data-testid=analysis-game-points]")).toBe(null);
    expect(costText(blunder)).toBe("analysis.unit.points");
  });
  it("says when a step has no analysed decision, and while the analysis is pending", () => {
    expect(show({ analysis, pending: false, error: null }, 3).querySelector("[data-testid=analysis-none]")).not.toBe(null);
    expect(show({ analysis: null, pending: true, error: null }, 3).querySelector("[data-testid=analysis-pending]")).not.toBe(null);
  });
});
