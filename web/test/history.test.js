import { h, render } from "preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MatchRow } from "../src/shell/History.js";

// No catalogue is loaded here: t() answers the keys themselves (and warns).
vi.spyOn(console, "warn").mockImplementation(() => {});

const MATCH = {
  id: "m-1",
  winner: 1,
  score: [7, 11],
  finished_at: 1_800_000_000,
  hand_count: 9,
  players: [3, 0, 2, 1].map((seat) => ({ seat, name: `P${seat}`, user: `u${seat}`, bot: false })),
};

function row(viewerId) {
  const root = document.createElement("ul");
  document.body.append(root);
  render(h(MatchRow, { match: MATCH, viewerId, testid: "row", replayTestid: "replay" }), root);
  return root;
}

const pairs = (root) =>
  [...root.querySelectorAll(".players [role=group]")].map((g) => [
    g.getAttribute("aria-label"),
    [...g.querySelectorAll(".player-tag .name")].map((p) => p.textContent.trim()),
  ]);

afterEach(() => {
  document.body.innerHTML = "";
});

describe("a finished match in the history", () => {
  // Seat order alternates the pairs (seats 0 and 2 against 1 and 3): four names in that order
  // read as "the first two against the last two", which is wrong.
  it("shows the players as the two pairs they were, ours first", () => {
    const root = row("u1");
    expect(pairs(root)).toEqual([
      ["table.us", ["P1", "P3"]],
      ["table.them", ["P0", "P2"]],
    ]);
    expect(root.querySelector(".score").textContent).toBe("11–7");
  });

  it("names the pairs by number for someone who did not play", () => {
    expect(pairs(row("u9"))).toEqual([
      ["table.team", ["P0", "P2"]],
      ["table.team", ["P1", "P3"]],
    ]);
  });
});
