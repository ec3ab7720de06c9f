import { describe, expect, it } from "vitest";
import { position, sortHand } from "../src/model.js";
import {
  clockLeft,
  handPoints,
  initialState,
  legalOf,
  logFromView,
  myTurn,
  reduce,
  shownDialogs,
  shownHand,
  shownTrick,
  summaryAnalysis,
  whyNot,
} from "../src/table/state.js";

const TRICK_0 = { leader: 1, seats: [1, 2, 3, 0], cards: ["3E", "AE", "SE", "CE"], winner: 2 };
const INFO = {
  id: "t-1",
  options: { rules: "exact11", turn_time: 30, bot_level: "medium" },
  status: "playing",
  seats: [0, 1, 2, 3].map((seat) => ({ seat, name: `P${seat}`, user: `u${seat}`, bot: false, online: true })),
  score: [4, 7],
  hands_played: 5,
};

function view(changes = {}) {
  return {
    phase: "play",
    dealer: 0,
    mano: 1,
    to_move: 0,
    trump: "O",
    shown_card: "RO",
    trump_held: true,
    bids: ["pass", "solo", "pass", "pass"],
    contract: "solo",
    bidder: 2,
    sitting_out: null,
    trick: [],
    tricks: [TRICK_0],
    cantes: [],
    card_counts: [4, 4, 4, 4],
    tricks_won: [1, 0],
    card_points: [24, 0],
    summary: null,
    seat: 0,
    hand: ["RO", "SO", "CC", "AB"],
    legal: [],
    illegal: [],
    ...changes,
  };
}

const SUMMARY = {
  contract: "solo",
  bidder: 2,
  points: [84, 56],
  tricks: [3, 2],
  cantes: [],
  winner: 0,
  game_points: 2,
  score_before: [4, 7],
  score_after: [6, 7],
  sitting_out: null,
  dead_hand: null,
};

let seq = 52;
const sync = (v, extra = {}) =>
  reduce(initialState(), {
    type: "sync",
    msg: { type: "sync", table: "t-1", seq, info: INFO, seat: 0, view: v, chat: [], ...extra },
    now: 1000,
  });
const event = (state, body, extra = {}, now = 2000) =>
  reduce(state, { type: "event", msg: { type: "event", table: "t-1", seq: ++seq, body, ...extra }, now });
const act = (state, seat, action, v, extra = {}) =>
  event(state, { kind: "act", seat, action, auto: false, view: v }, extra);

describe("sync", () => {
  it("rebuilds the hand's log from the view: the deal, the bids in turn, the cards, winners and cantes", () => {
    const v = view({
      cantes: [{ trick: 0, seat: 2, suit: "C", points: 20 }],
      trick: [[2, "AC"]],
    });
    const { entries } = logFromView(v, 1);
    expect(entries.map((e) => [e.kind, e.seat, e.action ?? e.suit ?? null])).toEqual([
      ["deal", 0, null],
      ["bid", 1, "pass"],
      ["bid", 2, "solo"],
      ["bid", 3, "pass"],
      ["bid", 0, "pass"],
      ["card", 1, "3E"],
      ["card", 2, "AE"],
      ["card", 3, "SE"],
      ["card", 0, "CE"],
      ["trick", 2, null],
      ["cante", 2, "C"],
      ["card", 2, "AC"],
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it("marks the moves the snapshot says a computer player made for their seat's owner", () => {
    // seat 0 passed and played CE for its owner, seat 2's 'AC' in the trick likewise
    const s = sync(view({ trick: [[2, "AC"]] }), { auto: [[0, "pass"], [0, "CE"], [2, "AC"]] });
    const marked = s.log.filter((e) => e.auto).map((e) => [e.kind, e.seat, e.action]);
    expect(marked).toEqual([
      ["bid", 0, "pass"],
      ["card", 0, "CE"],
      ["card", 2, "AC"],
    ]);
    // a snapshot without the field (an older server) marks nothing
    expect(sync(view()).log.some((e) => e.auto)).toBe(false);
  });

  it("marks a cante a computer player sang for its seat's owner, live and in a snapshot", () => {
    const cantes = [{ trick: 0, seat: 2, suit: "C", points: 20 }];
    const s = sync(view({ cantes }), { auto: [[2, "cante:C"]] });
    expect(s.log.filter((e) => e.auto).map((e) => [e.kind, e.seat, e.suit])).toEqual([["cante", 2, "C"]]);
    const live = event(sync(view()), { kind: "act", seat: 2, action: "cante:C", auto: true, view: view({ cantes }) });
    expect(live.log.at(-1)).toMatchObject({ kind: "cante", seat: 2, suit: "C", auto: true });
  });

  it("takes the clock from the snapshot, counted from when it arrived", () => {
    const s = sync(view(), { clock: { seat: 0, remaining_ms: 20000, total_ms: 30000 } });
    expect(s.clock).toEqual({ seat: 0, remaining_ms: 20000, total_ms: 30000, at: 1000 });
    expect(clockLeft(s.clock, 6000)).toBe(15000);
    expect(clockLeft(s.clock, 60000)).toBe(0);
    expect(sync(view(), { clock: null }).clock).toBeNull();
  });

  it("takes whom we muted from the snapshot, and our own mutes once the server takes them", () => {
    const s = sync(view(), { muted: [1, 3] });
    expect(s.muted).toEqual([1, 3]);
    const more = reduce(s, { type: "mute", seat: 2, on: true });
    expect(more.muted).toEqual([1, 2, 3]);
    expect(reduce(more, { type: "mute", seat: 1, on: false }).muted).toEqual([2, 3]);
    expect(reduce(more, { type: "mute", seat: 2, on: true }).muted).toEqual([1, 2, 3]);
    // a later snapshot is the server's word (a mute undone in another tab)...
    const resync = (extra) => reduce(more, { type: "sync", msg: { table: "t-1", seq, info: INFO, seat: 0, view: view(), ...extra }, now: 0 });
    expect(resync({ muted: [3] }).muted).toEqual([3]);
    // ...and one without the field (an older server) keeps what we knew
    expect(resync({}).muted).toEqual([1, 2, 3]);
    expect(sync(view()).muted).toEqual([]);
  });

  it("hides the lines already shown from a speaker muted here or on another connection", () => {
    const said = (seat, text) => ({ kind: "chat", seat, name: seat === null ? "Eve" : `P${seat}`, text });
    let s = sync(view(), { chat: [said(1, "hola"), said(null, "mirando"), said(2, "vale")] });
    expect(s.mutedSpectators).toBe(false);
    // our own mute, once the server took it: seat 1's line goes at once
    s = reduce(s, { type: "mute", seat: 1, on: true });
    expect(s.chat.map((c) => c.text)).toEqual(["mirando", "vale"]);
    // every spectator at once (their lines have no seat)
    s = reduce(s, { type: "mute", spectators: true, on: true });
    expect([s.mutedSpectators, s.muted, s.chat.map((c) => c.text)]).toEqual([true, [1], ["vale"]]);
    // the server's `muted` (a mute made in another tab) is the whole list: seat 2 muted there,
    // the spectators unmuted; lines hidden here do not come back
    s = reduce(s, { type: "muted", msg: { type: "muted", table: "t-1", seats: [1, 2], spectators: false } });
    expect([s.mutedSpectators, s.muted, s.chat]).toEqual([false, [1, 2], []]);
    s = event(s, said(null, "ya"));
    expect(s.chat.map((c) => c.text)).toEqual(["ya"]);
    // a snapshot says it too; one from an older server (no field) keeps what we knew
    expect(sync(view(), { muted_spectators: true }).mutedSpectators).toBe(true);
    const older = reduce(s, { type: "sync", msg: { table: "t-1", seq, info: INFO, seat: 0, view: view() }, now: 0 });
    expect(older.mutedSpectators).toBe(false);
    expect(reduce({ ...s, mutedSpectators: true }, { type: "muted", msg: { table: "t-1" } }).mutedSpectators).toBe(true);
  });

  it("keeps our own lines when we mute their speaker: a spectator muting the spectators", () => {
    const line = (name, text, own) => ({ kind: "chat", seat: null, name, text, own });
    let s = sync(view(), { seat: null, chat: [line("Eve", "hola", true)] });
    s = event(s, line("Flor", "buenas", false));
    s = reduce(s, { type: "mute", spectators: true, on: true });
    expect(s.chat.map((c) => c.text)).toEqual(["hola"]);
    // so does the server's `muted`, and a line of ours said after it stays too
    s = event(s, line("Eve", "sigo", true));
    s = reduce(s, { type: "muted", msg: { type: "muted", table: "t-1", seats: [], spectators: true } });
    expect(s.chat.map((c) => c.text)).toEqual(["hola", "sigo"]);
  });

  it("starts the score sheet from the score so far, without inventing the earlier hands", () => {
    const s = sync(view());
    expect(s.sheet).toEqual({ base: { hands: 5, score: [4, 7] }, rows: [] });
    expect(s.lastTrick).toEqual(TRICK_0);
  });
});

describe("the turn clock", () => {
  it("is whatever the last event frame says, and null hides it", () => {
    let s = sync(view({ to_move: 1 }));
    s = act(s, 1, "CO", view({ to_move: 2, trick: [[1, "CO"]] }), {
      clock: { seat: 2, remaining_ms: 29000, total_ms: 30000 },
    });
    expect(s.clock).toMatchObject({ seat: 2, remaining_ms: 29000, at: 2000 });
    s = event(s, { kind: "chat", seat: 2, name: "P2", phrase: "hello" }, { clock: null });
    expect(s.clock).toBeNull();
  });

  it("stops at a seat's move when an older server sends no clock field", () => {
    let s = sync(view({ to_move: 1 }), { timer: { seat: 1, seconds: 12 } });
    expect(s.clock).toMatchObject({ seat: 1, remaining_ms: 12000, total_ms: 30000 });
    s = act(s, 1, "CO", view({ to_move: 2, trick: [[1, "CO"]] }));
    expect(s.clock).toBeNull();
  });
});

describe("events", () => {
  it("a trick's last card leaves the trick on the felt, marks the winner and keeps it as the last trick", () => {
    let s = sync(view({ to_move: 3, trick: [[0, "AB"], [1, "3B"], [2, "SB"]] }));
    const won = { leader: 0, seats: [0, 1, 2, 3], cards: ["AB", "3B", "SB", "CB"], winner: 0 };
    s = act(s, 3, "CB", view({ tricks: [TRICK_0, won], trick: [], to_move: 0 }));
    expect(s.flash.trick).toEqual(won);
    expect(s.lastTrick).toEqual(won);
    expect(s.announce[0].kind).toBe("trick");
    expect(s.log.slice(-2).map((e) => e.kind)).toEqual(["card", "trick"]);
    expect(s.cue.sounds).toEqual(["card", "trick", "turn"]);
    const shown = shownTrick(s);
    expect(shown).toMatchObject({ winner: 0, finished: true });
    expect(shown.plays.map((p) => p[1])).toEqual(["AB", "3B", "SB", "CB"]);
    // the next card led replaces the finished trick at once; the flash timer is then moot
    const next = act(s, 0, "RO", view({ tricks: [TRICK_0, won], trick: [[0, "RO"]], to_move: 1 }));
    expect(shownTrick(next).plays.map((p) => p[1])).toEqual(["RO"]);
    expect(reduce(s, { type: "flashDone", id: s.flash.id }).flash).toBeNull();
    expect(reduce(s, { type: "flashDone", id: -1 }).flash).toBe(s.flash);
  });

  it("marks only the latest trick's winner: the earlier winner's bubble goes", () => {
    let s = sync(view({ to_move: 3, trick: [[0, "AB"], [1, "3B"], [2, "SB"]] }));
    const first = { leader: 0, seats: [0, 1, 2, 3], cards: ["AB", "3B", "SB", "CB"], winner: 0 };
    s = act(s, 3, "CB", view({ tricks: [TRICK_0, first], trick: [], to_move: 0 }));
    s = act(s, 1, "solo", view({ tricks: [TRICK_0, first], trick: [], to_move: 0 }));
    s = act(s, 0, "AC", view({ tricks: [TRICK_0, first], trick: [[0, "AC"]], to_move: 1 }));
    s = act(s, 1, "3C", view({ tricks: [TRICK_0, first], trick: [[0, "AC"], [1, "3C"]], to_move: 2 }));
    s = act(s, 2, "RC", view({ tricks: [TRICK_0, first], trick: [[0, "AC"], [1, "3C"], [2, "RC"]], to_move: 3 }));
    const second = { leader: 0, seats: [0, 1, 2, 3], cards: ["AC", "3C", "RC", "AO"], winner: 3 };
    s = act(s, 3, "AO", view({ tricks: [TRICK_0, first, second], trick: [], to_move: 3 }));
    const tricks = Object.entries(s.announce).filter(([, a]) => a.kind === "trick");
    expect(tricks.map(([seat]) => Number(seat))).toEqual([3]);
    expect(s.announce[1].kind).toBe("bid"); // other kinds of bubble stay
  });

  it("announces a bid and a cante at the seat, with the points the view records", () => {
    let s = sync(view({ phase: "bidding", bids: [], to_move: 1, tricks: [] }));
    s = act(s, 1, "solo", view({ phase: "bidding", bids: ["solo"], to_move: 2, tricks: [] }));
    expect(s.announce[1]).toMatchObject({ kind: "bid", bid: "solo" });
    expect(s.log.at(-1)).toMatchObject({ kind: "bid", seat: 1, action: "solo" });
    s = act(s, 1, "cante:O", view({ cantes: [{ trick: 0, seat: 1, suit: "O", points: 40 }] }));
    expect(s.announce[1]).toMatchObject({ kind: "cante", suit: "O", points: 40 });
    expect(s.log.at(-1)).toMatchObject({ kind: "cante", seat: 1, suit: "O", points: 40 });
    expect(s.cue.sounds).toContain("cante");
  });

  it("the summary stays open over the next deal; the match end waits for it", () => {
    let s = sync(view());
    s = event(s, { kind: "hand_end", summary: SUMMARY, score: [6, 7], hands_played: 6 });
    expect(shownDialogs(s).summary).toBe(true);
    expect(s.sheet.rows).toEqual([
      { hand: 6, contract: "solo", bidder: 2, points: [84, 56], winner: 0, game_points: 2, score: [6, 7] },
    ]);
    expect(s.info.score).toEqual([6, 7]);
    s = event(s, { kind: "deal", view: view({ phase: "bidding", bids: [], tricks: [], to_move: 0, legal: ["pass"] }) });
    expect(shownDialogs(s).summary).toBe(true);
    expect(s.lastTrick).toEqual(TRICK_0); // the last trick stays reachable after the deal
    s = event(s, { kind: "hand_end", summary: SUMMARY, score: [11, 7], hands_played: 7 });
    s = event(s, { kind: "match_end", winner: 0, score: [11, 7], hands_played: 7 });
    expect(shownDialogs(s)).toMatchObject({ summary: true, matchEnd: false });
    expect(s.cue.sounds).toEqual(["match"]);
    s = reduce(s, { type: "close", dialog: "summary" });
    expect(shownDialogs(s)).toMatchObject({ summary: false, matchEnd: true });
    s = event(s, { kind: "match_start", match: 2 });
    expect(shownDialogs(s).matchEnd).toBe(false);
    expect(s.sheet).toEqual({ base: null, rows: [] });
    // "Última baza" showed the last match's last trick in the new match
    expect(s.lastTrick).toBe(null);
  });

  it("the match end goes when a player leaves it and the table waits for players again", () => {
    let s = sync(view(), { info: { ...INFO, status: "playing" } });
    s = event(s, { kind: "match_end", winner: 0, score: [11, 7], hands_played: 7 });
    s = event(s, { kind: "seats", info: { ...INFO, status: "finished", rematch: [0] } });
    expect(shownDialogs(s).matchEnd).toBe(true);
    // seat 2 leaves: no rematch can start now, and the waiting room is what is left
    const seats = INFO.seats.map((x) => (x.seat === 2 ? { seat: 2, name: null, user: null, bot: false } : x));
    s = event(s, { kind: "seats", info: { ...INFO, seats, status: "open", rematch: [] } });
    expect(shownDialogs(s).matchEnd).toBe(false);
  });

  it("counts unread chat lines until they are seen", () => {
    let s = sync(view());
    s = event(s, { kind: "chat", seat: 2, name: "P2", text: "hola" });
    s = event(s, { kind: "chat", seat: 2, name: "P2", phrase: "hello" });
    expect(s.chatUnread).toBe(2);
    expect(reduce(s, { type: "chatSeen" }).chatUnread).toBe(0);
  });

  it("ignores unknown kinds but still takes their clock", () => {
    const s = sync(view());
    const next = event(s, { kind: "something_new" }, { clock: { seat: 0, remaining_ms: 5000, total_ms: 30000 } });
    expect(next.view).toBe(s.view);
    expect(next.clock.seat).toBe(0);
  });

  it("marks our turn with a sound when it starts", () => {
    let s = sync(view({ to_move: 3, trick: [[2, "AC"]] }));
    s = act(s, 3, "CO", view({ to_move: 0, trick: [[2, "AC"], [3, "CO"]], legal: ["RO"] }));
    expect(s.cue.sounds).toEqual(["card", "turn"]);
    expect(myTurn(s)).toBe(true);
    expect(myTurn(s, "bidding")).toBe(false);
  });

  it("updates a seat's presence and a seats event", () => {
    let s = sync(view());
    s = reduce(s, { type: "presence", msg: { table: "t-1", seat: 2, online: false } });
    expect(s.info.seats[2].online).toBe(false);
    s = event(s, { kind: "seats", info: { ...INFO, status: "finished" } });
    expect(s.info.status).toBe("finished");
  });
});

describe("our own moves", () => {
  const mine = () => sync(view({ trick: [[2, "AC"], [3, "CO"]], legal: ["RO", "SO"] }));

  it("a clicked card leaves the hand and lies on the trick at once", () => {
    const s = reduce(mine(), { type: "play", action: "RO" });
    expect(shownHand(s)).not.toContain("RO");
    expect(shownTrick(s).plays).toEqual([
      [2, "AC", false],
      [3, "CO", false],
      [0, "RO", true],
    ]);
    expect(legalOf(s).cards).toEqual([]); // one move at a time
    expect(reduce(s, { type: "play", action: "SO" })).toBe(s);
    expect(s.cue.sounds).toEqual(["card"]);
  });

  it("the server's event confirms it", () => {
    let s = reduce(mine(), { type: "play", action: "RO" });
    s = act(s, 0, "RO", view({ trick: [[2, "AC"], [3, "CO"], [0, "RO"]], hand: ["SO", "CC", "AB"], to_move: 1 }));
    expect(s.pending).toBeNull();
    expect(shownTrick(s).plays.map((p) => p[1])).toEqual(["AC", "CO", "RO"]);
    expect(shownHand(s)).toEqual(sortHand(["SO", "CC", "AB"], "O"));
  });

  it("a refusal puts the card back with the reason", () => {
    let s = reduce(mine(), { type: "play", action: "RO" });
    s = reduce(s, { type: "refused", action: "RO", error: { code: "stale", message: "x" } });
    expect(s.pending).toBeNull();
    expect(shownHand(s)).toContain("RO");
    expect(s.message).toEqual({ error: { code: "stale", message: "x" }, kind: "error" });
  });

  it("a move the computer made for us says so", () => {
    const s = act(mine(), 0, "SO", view({ trick: [[2, "AC"], [3, "CO"], [0, "SO"]], to_move: 1 }));
    const auto = reduce(mine(), {
      type: "event",
      msg: {
        type: "event",
        table: "t-1",
        seq: ++seq,
        body: { kind: "act", seat: 0, action: "SO", auto: true, view: s.view },
      },
      now: 3000,
    });
    expect(auto.message).toMatchObject({ key: "table.autoPlayed", params: { move: "SO" } });
    expect(auto.log.at(-1).auto).toBe(true);
  });
});

describe("why a card may not be played", () => {
  it("gives the server's reason with its suit", () => {
    const s = sync(
      view({
        trick: [[2, "AC"], [3, "CO"]],
        legal: ["RO"],
        illegal: [
          { card: "SO", reason: "over_trump", suit: "O" },
          { card: "CC", reason: "follow_suit", suit: "C" },
        ],
      }),
    );
    expect(whyNot(s, "RO")).toBeNull();
    expect(whyNot(s, "SO")).toEqual({ key: "why.mustOvertrump", params: { suit: "O" } });
    expect(whyNot(s, "CC")).toEqual({ key: "why.mustFollow", params: { suit: "C" } });
    const explained = reduce(s, { type: "explain", code: "SO" });
    expect(explained.message).toMatchObject({ key: "why.mustOvertrump", kind: "warn" });
  });

  it("says to beat only when a card of the suit in the hand can beat the table's", () => {
    // the king of clubs (bastos) led; "follow suit, and beat if you can"
    const refused = (hand, legal) =>
      sync(
        view({
          trick: [[3, "RB"]],
          hand,
          legal,
          illegal: hand.filter((c) => !legal.includes(c)).map((card) => ({ card, reason: "follow_suit_beat", suit: "B" })),
        }),
      );
    // only the knight of clubs, weaker: the rule only asks to follow suit
    expect(whyNot(refused(["CB", "CE", "AO"], ["CB"]), "CE")).toEqual({ key: "why.mustFollow", params: { suit: "B" } });
    // the ace of clubs beats the king: the knight and the swords may not go
    const canBeat = refused(["AB", "CB", "CE"], ["AB"]);
    expect(whyNot(canBeat, "CE")).toEqual({ key: "why.mustBeat", params: { suit: "B" } });
    expect(whyNot(canBeat, "CB")).toEqual({ key: "why.mustBeat", params: { suit: "B" } });
    // the highest clubs on the table counts, not the led one: the 3 is above our king
    const over = sync(view({ trick: [[2, "SB"], [3, "3B"]], hand: ["RB", "CE"], legal: ["RB"],
      illegal: [{ card: "CE", reason: "follow_suit_beat", suit: "B" }] }));
    expect(whyNot(over, "CE")).toEqual({ key: "why.mustFollow", params: { suit: "B" } });
  });

  it("says whose turn or which phase it is otherwise", () => {
    expect(whyNot(sync(view({ to_move: 2 })), "RO").key).toBe("why.notYourTurn");
    expect(whyNot(sync(view({ phase: "bidding" })), "RO").key).toBe("why.bidFirst");
    expect(whyNot(sync(view({ phase: "cante" })), "RO").key).toBe("why.canteFirst");
    expect(whyNot(sync(view({ phase: "finished" })), "RO").key).toBe("why.handOver");
    expect(whyNot(sync(view({ legal: ["SO"] })), "RO").key).toBe("why.illegal");
    const watcher = reduce(initialState(), {
      type: "sync",
      msg: { type: "sync", table: "t-1", seq: 1, info: INFO, seat: null, view: view({ seat: null }), chat: [] },
      now: 0,
    });
    expect(whyNot(watcher, "RO").key).toBe("why.spectator");
    expect(shownHand(watcher)).toEqual([]);
  });
});

describe("display helpers", () => {
  it("puts our seat at the bottom and play going to the right", () => {
    expect([0, 1, 2, 3].map((s) => position(s, 2))).toEqual(["top", "left", "bottom", "right"]);
  });

  it("sorts the hand by suit with trumps last", () => {
    expect(sortHand(["RO", "AB", "3C", "SO", "AC"], "O")).toEqual(["AC", "3C", "AB", "RO", "SO"]);
  });

  it("adds the cantes to the card points of the hand so far", () => {
    expect(handPoints(view({ cantes: [{ trick: 0, seat: 1, suit: "O", points: 40 }] }))).toEqual([24, 40]);
  });

  it("adds 10 for the last trick once it is taken, and ends equal to the summary", () => {
    const trick = (winner) => ({ ...TRICK_0, winner });
    const cantes = [{ trick: 1, seat: 1, suit: "C", points: 20 }];
    // four tricks taken: no last trick yet
    const four = view({ tricks: [0, 1, 1, 1].map(trick), card_points: [30, 60], cantes });
    expect(handPoints(four)).toEqual([30, 80]);
    // the fifth taken by seat 3 (team 1): 60 + 10 + 20, as the hand summary says (30-90)
    const five = view({ tricks: [0, 1, 1, 1, 3].map(trick), card_points: [30, 60], cantes });
    expect(handPoints(five)).toEqual([30, 90]);
    expect(handPoints({ ...five, tricks: [0, 1, 1, 1, 2].map(trick) })).toEqual([40, 80]);
    // a finished view carries the summary: the bar shows its points
    expect(handPoints({ ...five, phase: "finished", summary: { ...SUMMARY, points: [30, 90] } })).toEqual([30, 90]);
  });
});

describe("the cante window", () => {
  it("a choice in it waits, and the window's close settles it and goes on with play", () => {
    const windowView = view({ phase: "cante", to_move: 0, legal: ["cante:C", "nocante"] });
    let s = sync(windowView);
    expect(legalOf(s).cantes).toEqual(["cante:C"]);
    s = reduce(s, { type: "play", action: "nocante" });
    expect(legalOf(s).cantes).toEqual([]); // one choice at a time, until the window closes
    s = event(s, { kind: "cantes_over", view: view({ to_move: 2, legal: [] }) });
    expect(s.pending).toBeNull();
    expect(s.view.phase).toBe("play");
    expect(s.view.to_move).toBe(2);
  });

  it("our choice is settled when the window closes with our partner's cante", () => {
    let s = sync(view({ phase: "cante", to_move: 0, legal: ["cante:C", "nocante"] }));
    s = reduce(s, { type: "play", action: "cante:C" });
    const sung = [{ trick: 0, seat: 2, suit: "E", points: 20 }];
    s = act(s, 2, "cante:E", view({ to_move: 2, legal: [], cantes: sung }));
    expect(s.pending).toBeNull();
    expect(s.log.at(-1)).toMatchObject({ kind: "cante", seat: 2, suit: "E" });
    s = act(s, 2, "CE", view({ trick: [[2, "CE"]], to_move: 3, legal: [] }));
    s = act(s, 3, "3E", view({ trick: [[2, "CE"], [3, "3E"]], to_move: 0, legal: ["AE"] }));
    expect(legalOf(s).cards).toEqual(["AE"]); // our turn to play comes, and we can
  });

  it("a seat with nothing to sing sees nobody to move", () => {
    const s = sync(view({ phase: "cante", to_move: null, legal: [] }));
    expect(myTurn(s)).toBe(false);
    expect(legalOf(s).cantes).toEqual([]);
  });
});

describe("the analysis after the hand", () => {
  const decision = (step, seat, cost, unit = "points", extra = {}) => ({
    step,
    seat,
    kind: "card",
    trick: 2,
    chosen: "3C",
    best: "RB",
    unit,
    alternatives: [],
    forced: false,
    cost,
    mark: null,
    accuracy: 50,
    ...extra,
  });
  const ANALYSIS = {
    format: "cuatrola-analysis/1",
    seed: 7,
    samples: 240,
    solver: "c",
    seats: [
      { seat: 0, decisions: 6, scored: 4, accuracy: 71.5 },
      { seat: 1, decisions: 5, scored: 0, accuracy: null },
      { seat: 2, decisions: 6, scored: 3, accuracy: 90 },
    ],
    decisions: [
      decision(1, 0, 0, "match", { kind: "bid", trick: 0, chosen: "pass", best: "pass" }),
      decision(5, 0, 4),
      decision(9, 2, 30),
      decision(13, 0, 25, "points", { mark: "blunder" }),
      decision(14, 0, 0.3, "tricks"), // 0.3 tricks weighs more than 4 points
      decision(17, 0, 6),
      decision(19, 0, 0, "points", { forced: true, cost: null }),
    ],
  };
  const analysed = (state, hand, match = "t-1-1") =>
    reduce(state, {
      type: "hand_analysis",
      msg: { type: "hand_analysis", table: "t-1", match, hand, analysis: ANALYSIS },
    });
  const ended = (state) => event(state, { kind: "hand_end", summary: SUMMARY, score: [6, 7], hands_played: 6 });

  it("shows the player's accuracy and costliest decisions once the hand's analysis comes", () => {
    let s = ended(sync(view()));
    expect(summaryAnalysis(s)).toBeNull(); // not come yet
    s = analysed(s, 6);
    const shown = summaryAnalysis(s);
    expect(shown.mine.accuracy).toBe(71.5);
    // Our own, scored, costly ones, costliest first by what they take from the accuracy.
    expect(shown.costly.map((d) => d.step)).toEqual([13, 14, 17]);
    expect(summaryAnalysis(s, 10).costly.map((d) => d.step)).toEqual([13, 14, 17, 5]);
  });

  it("an analysis of another hand or match is not shown in this summary", () => {
    const s = ended(sync(view()));
    expect(summaryAnalysis(analysed(s, 5))).toBeNull();
    expect(summaryAnalysis(analysed(s, 6, "t-1-2"))).toBeNull();
    // An older hand's analysis that comes late keeps the latest one.
    const late = analysed(analysed(s, 6), 5);
    expect(late.handAnalysis.hand).toBe(6);
    expect(summaryAnalysis(late)).not.toBeNull();
  });

  it("a reconnection's sync of the finished hand finds its analysis again", () => {
    const over = view({ phase: "finished", to_move: null, summary: SUMMARY });
    const s = analysed(sync(over, { info: { ...INFO, hands_played: 6, match: 1 } }), 6);
    expect(summaryAnalysis(s).mine.seat).toBe(0);
  });

  it("a spectator sees every analysed person's accuracy", () => {
    let s = ended(sync(view({ seat: null, hand: [] }), { seat: null }));
    s = analysed(s, 6);
    expect(summaryAnalysis(s)).toEqual({ seats: [ANALYSIS.seats[0], ANALYSIS.seats[2]] });
  });

  it("a message that is not an analysis changes nothing", () => {
    const s = ended(sync(view()));
    const after = reduce(s, { type: "hand_analysis", msg: { table: "t-1", match: "t-1-1", hand: 6, analysis: {} } });
    expect(after).toBe(s);
  });

  it("a new match forgets which hand the summary was", () => {
    let s = analysed(ended(sync(view())), 6);
    s = event(s, { kind: "match_start", match: 2, first_dealer: 1, rules: "exact11" });
    expect(s.info.match).toBe(2);
    expect(summaryAnalysis(s)).toBeNull();
  });
});
