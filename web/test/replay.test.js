import { h, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Leaderboard } from "../src/shell/Leaderboard.js";
import { RETRY_MS } from "../src/shell/common.js";
import { Replay } from "../src/shell/Replay.js";

// No catalogue is loaded here: t() answers the keys themselves (and warns).
vi.spyOn(console, "warn").mockImplementation(() => {});

const VIEW = {
  phase: "bidding", dealer: 0, mano: 1, to_move: 1, trump: "O", shown_card: "RO", trump_held: true,
  bids: [], contract: "pass", bidder: null, sitting_out: null, leader: 1, trick: [], tricks: [],
  cantes: [], card_counts: [5, 5, 5, 5], tricks_won: [0, 0], card_points: [0, 0], summary: null,
  score_before: [0, 0],
};
const HANDS = [["AO"], ["3O"], ["RC"], ["CB"]];
const STEPS = {
  hands: [
    {
      steps: [
        { action: null, seat: null, view: VIEW, hands: HANDS },
        { action: "pass", seat: 1, view: { ...VIEW, bids: ["pass"], to_move: 2 }, hands: HANDS },
        { action: "pass", seat: 2, view: { ...VIEW, bids: ["pass", "pass"], to_move: 3 }, hands: HANDS },
      ],
    },
  ],
};
const MATCH = {
  id: "m-1",
  rules: { end: "exact", target: 11 },
  players: [0, 1, 2, 3].map((seat) => ({ seat, name: `P${seat}`, user: `u${seat}`, bot: false })),
  hands: [{}],
};

/** fetch answering the REST paths from `answers` ({path: [status, body]}), else 404. */
function serve(answers) {
  vi.stubGlobal("fetch", async (url) => {
    const path = String(url).replace(/^\/api/, "");
    const [status, body] = answers[path] || [404, { error: "not_found", message: "no" }];
    return new Response(JSON.stringify(body), { status });
  });
}

async function show(matchId) {
  const root = document.createElement("div");
  document.body.append(root);
  await act(async () => {
    render(h(Replay, { matchId, userId: null, onBack: () => {} }), root);
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return root;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the replay viewer", () => {
  it("says that a match id in the address names no match (not a table or a code)", async () => {
    serve({});
    const root = await show("nope");
    expect(root.querySelector(".message.error").textContent).toBe("replay.notFound");
  });

  it("keeps a used-up control focusable, so the keyboard focus stays in the controls", async () => {
    serve({ "/matches/m-1": [200, MATCH], "/matches/m-1/steps": [200, STEPS], "/matches/m-1/analysis": [200, {}] });
    const root = await show("m-1");
    const end = root.querySelector("[data-testid=replay-end]");
    end.focus();
    await act(() => end.click());
    // at the end: "to the end" has nothing left to do, and says so, but keeps the focus
    expect(end.getAttribute("aria-disabled")).toBe("true");
    expect(end.disabled).toBe(false);
    expect(document.activeElement).toBe(end);
    // and a press does nothing (the next hand's button neither: there is only one hand)
    await act(() => root.querySelector("[data-testid=replay-hand-next]").click());
    await act(() => end.click());
    expect(end.getAttribute("aria-disabled")).toBe("true");
    expect(root.querySelector("[data-testid=replay-hand-prev]").getAttribute("aria-disabled")).toBe("true");
    // a step back brings "to the end" back to life
    await act(() => root.querySelector("[data-testid=replay-prev]").click());
    expect(end.getAttribute("aria-disabled")).toBe(null);
  });

  it("shows the dealer's shown trump card at the dealer's seat, not in a corner of the felt", async () => {
    const atRight = { ...VIEW, dealer: 1, mano: 2 };
    const steps = { hands: [{ steps: [{ action: null, seat: null, view: atRight, hands: HANDS }] }] };
    serve({ "/matches/m-1": [200, MATCH], "/matches/m-1/steps": [200, steps], "/matches/m-1/analysis": [200, {}] });
    const root = await show("m-1");
    const shown = root.querySelectorAll(".rp-trump");
    expect(shown.length).toBe(1);
    expect(shown[0].closest("[data-testid^=replay-seat-]").dataset.testid).toBe("replay-seat-1");
    expect(shown[0].getAttribute("aria-label")).toBe("table.shownTrump");
  });

  it("names the play button by what it does, with no pressed state beside the changing name", async () => {
    serve({ "/matches/m-1": [200, MATCH], "/matches/m-1/steps": [200, STEPS], "/matches/m-1/analysis": [200, {}] });
    const root = await show("m-1");
    const play = root.querySelector("[data-testid=replay-play]");
    expect(play.getAttribute("aria-label")).toBe("replay.play");
    await act(() => play.click());
    expect(play.getAttribute("aria-label")).toBe("replay.pause");
    expect(play.hasAttribute("aria-pressed")).toBe(false);
  });
});

describe("a screen loaded while the server could not be reached", () => {
  /** fetch failing as an unreachable server does until `up()`, then answering as serve(). */
  function down(answers) {
    let reachable = false;
    vi.stubGlobal("fetch", async (url) => {
      if (!reachable) throw new TypeError("Failed to fetch");
      const path = String(url).replace(/^\/api/, "");
      const [status, body] = answers[path] || [404, { error: "not_found", message: "no" }];
      return new Response(JSON.stringify(body), { status });
    });
    return () => {
      reachable = true;
    };
  }

  async function mount(component, props) {
    const root = document.createElement("div");
    document.body.append(root);
    await act(async () => {
      render(h(component, props), root);
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    return root;
  }

  it("comes back by itself once the server answers (the leaderboard, the history, a profile)", async () => {
    vi.useFakeTimers();
    const up = down({ "/leaderboard?limit=50": [200, { entries: [] }] });
    const root = await mount(Leaderboard, { user: null });
    expect(root.querySelector(".message.error")).not.toBe(null);
    up();
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS));
    expect(root.querySelector(".message.error")).toBe(null);
    expect(root.textContent).toContain("board.empty");
  });

  it("and so does a replay", async () => {
    vi.useFakeTimers();
    const up = down({ "/matches/m-1": [200, MATCH], "/matches/m-1/steps": [200, STEPS], "/matches/m-1/analysis": [200, {}] });
    const root = await mount(Replay, { matchId: "m-1", userId: null, onBack: () => {} });
    expect(root.querySelector(".message.error")).not.toBe(null);
    up();
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS));
    expect(root.querySelector("[data-testid=replay-trick]")).not.toBe(null);
  });
});
