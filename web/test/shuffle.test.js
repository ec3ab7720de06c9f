import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cardCode } from "../src/cards.js";
import { attachContributor, dealHands, deriveDeck, hexBytes, sha256Hex, verifyRecord } from "../src/shuffle.js";

// The test vectors of docs/records.md ("Test vectors"), read from the document itself.
const doc = readFileSync(resolve(import.meta.dirname, "../../docs/records.md"), "utf8");
const block = doc.match(/```json test-vectors\n([\s\S]*?)```/);
const VECTORS = block[1].split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const values = (v) => v.contributions.map((c) => ({ seat: c.seat, value: hexBytes(c.value) }));

/** A record of a deal made from vector `v` with `dealer` (the hands as the server deals them). */
async function recordOf(v, dealer = 1) {
  const deck = await deriveDeck(hexBytes(v.seed, 32, 32), values(v));
  return {
    format: "cuatrola-hand/1",
    dealer,
    hands: dealHands(deck, dealer),
    trump: cardCode(deck[19]),
    shuffle: { version: 1, commitment: v.commitment, seed: v.seed, contributions: v.contributions },
  };
}

describe("the shuffle derivation", () => {
  it("gives the documented decks and commitments", async () => {
    expect(VECTORS).toHaveLength(3);
    for (const v of VECTORS) {
      expect(await sha256Hex(hexBytes(v.seed, 32, 32))).toBe(v.commitment);
      const deck = await deriveDeck(hexBytes(v.seed, 32, 32), values(v));
      expect(deck.map(cardCode)).toEqual(v.deck);
    }
  });

  it("reads only lowercase hex of the allowed length", () => {
    expect(hexBytes("00ff")).toEqual(Uint8Array.of(0, 255));
    for (const bad of ["", "0", "AB", "zz", "00".repeat(65), 7, null]) expect(hexBytes(bad)).toBeNull();
    expect(hexBytes("00".repeat(31), 32, 32)).toBeNull();
  });
});

describe("checking a record's proof", () => {
  it("verifies a proof that holds, and says so for records without one", async () => {
    for (const v of VECTORS) expect(await verifyRecord(await recordOf(v, 2))).toEqual({ status: "verified" });
    const old = await recordOf(VECTORS[0]);
    delete old.shuffle;
    expect(await verifyRecord(old)).toEqual({ status: "none" });
  });

  it("names what does not match", async () => {
    const mismatch = (what) => ({ status: "mismatch", what });
    const seed = await recordOf(VECTORS[1]);
    seed.shuffle.seed = `ff${seed.shuffle.seed.slice(2)}`;
    expect(await verifyRecord(seed)).toEqual(mismatch("commitment"));
    const contribution = await recordOf(VECTORS[1]);
    contribution.shuffle.contributions = [{ seat: 0, value: "02" }];
    expect(await verifyRecord(contribution)).toEqual(mismatch("hands"));
    const malformed = await recordOf(VECTORS[1]);
    malformed.shuffle.contributions = [{ seat: 0, value: "XY" }];
    expect(await verifyRecord(malformed)).toEqual(mismatch("contribution"));
    const hands = await recordOf(VECTORS[2]);
    [hands.hands[0], hands.hands[1]] = [hands.hands[1], hands.hands[0]];
    expect(await verifyRecord(hands)).toEqual(mismatch("hands"));
    const trump = await recordOf(VECTORS[2]);
    trump.trump = trump.hands[trump.dealer].find((c) => c !== trump.trump);
    expect(await verifyRecord(trump)).toEqual(mismatch("trump"));
    const version = await recordOf(VECTORS[0]);
    version.shuffle.version = 2;
    expect(await verifyRecord(version)).toEqual(mismatch("shuffle"));
  });
});

describe("the contributor", () => {
  /** A stand-in for net.js's Connection: records the commands sent, delivers messages. */
  function fakeConnection() {
    const handlers = {};
    const sent = [];
    return {
      user: { id: "u-ana" },
      sent,
      on: (name, fn) => (handlers[name] = fn),
      command: (type, fields) => {
        sent.push({ type, ...fields });
        return Promise.resolve({ type: "ack" });
      },
      deliver: (name, msg) => handlers[name](msg),
    };
  }
  const commit = (commitment, seats) => ({ kind: "shuffle_commit", commitment, version: 1, seats, window: 1.5 });

  it("sends one random value per commitment for its own seat only", () => {
    const conn = fakeConnection();
    attachContributor(conn);
    conn.deliver("sync", { table: "t1", seat: 2, shuffle: commit("c1", [0, 2]) });
    conn.deliver("event", { table: "t1", body: commit("c1", [0, 2]) });
    conn.deliver("event", { table: "t1", body: commit("c2", [0]) });
    conn.deliver("event", { table: "t1", body: commit("c3", [2]) });
    conn.deliver("sync", { table: "t2", seat: null, shuffle: commit("c4", [0, 1, 2, 3]) });
    expect(conn.sent.map((m) => m.table)).toEqual(["t1", "t1"]);
    for (const m of conn.sent) {
      expect(m.type).toBe("contribute");
      expect(m.value).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(conn.sent[0].value).not.toBe(conn.sent[1].value);
  });
});
