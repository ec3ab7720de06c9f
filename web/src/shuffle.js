// The verifiable shuffle in the browser (docs/records.md, "The shuffle proof"): a port of
// cuatrola.core.shuffle's derivation version 1 on WebCrypto (SHA-256 and HMAC-SHA256), the
// check of a hand record's `shuffle` object, and the contributor that sends this seat's
// random value when the table commits to a shuffle. web/test/shuffle.test.js checks the
// port against the test vectors of docs/records.md.

import { cardCode, cardId } from "./cards.js";

export const SHUFFLE_VERSION = 1;
const DOMAIN = new TextEncoder().encode("cuatrola-shuffle/1");
const HEX = /^(?:[0-9a-f]{2})+$/;

/** The bytes of lowercase hex `text` of `min`..`max` bytes, or null when it is not. */
export function hexBytes(text, min = 1, max = 64) {
  if (typeof text !== "string" || !HEX.test(text)) return null;
  const n = text.length / 2;
  if (n < min || n > max) return null;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const toHex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 of `bytes`, lowercase hex. */
export async function sha256Hex(bytes) {
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

/** The message prefix: domain, count, then seat, length and value of each, in seat order. */
function prefix(contributions) {
  const sorted = [...contributions].sort((a, b) => a.seat - b.seat);
  const parts = [DOMAIN, Uint8Array.of(sorted.length)];
  for (const { seat, value } of sorted) parts.push(Uint8Array.of(seat, value.length), value);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The deck (card ids 0..19; the last is the dealer's shown card) derived from a 32-byte
 * `seed` and `contributions` ([{seat, value: Uint8Array}]).
 */
export async function deriveDeck(seed, contributions) {
  const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const head = prefix(contributions);
  let block = new Uint8Array(0);
  let at = 0;
  let counter = 0;
  const next = async () => {
    if (at >= block.length) {
      const message = new Uint8Array(head.length + 4);
      message.set(head);
      new DataView(message.buffer).setUint32(head.length, counter);
      counter += 1;
      block = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
      at = 0;
    }
    return block[at++];
  };
  const deck = Array.from({ length: 20 }, (_, i) => i);
  for (let i = 19; i > 0; i--) {
    const n = i + 1;
    const limit = 256 - (256 % n);
    let b = await next();
    while (b >= limit) b = await next();
    const j = b % n;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** The four hands (card codes) dealt from `deck`, one card at a time from the mano. */
export function dealHands(deck, dealer) {
  const hands = [[], [], [], []];
  deck.forEach((card, i) => hands[(dealer + 1 + i) % 4].push(cardCode(card)));
  return hands;
}

const sameCards = (a, b) =>
  a.length === b.length && [...a].map(cardId).sort((x, y) => x - y).join() === [...b].map(cardId).sort((x, y) => x - y).join();

/**
 * Check a hand record's shuffle proof. Resolves with {status: "none"} (no proof: an older
 * record), {status: "verified"} or {status: "mismatch", what} where `what` is "shuffle",
 * "contribution", "commitment", "hands" or "trump", as `cuatrola verify` names them.
 */
export async function verifyRecord(record) {
  const proof = record && record.shuffle;
  if (proof === undefined || proof === null) return { status: "none" };
  const bad = (what) => ({ status: "mismatch", what });
  if (typeof proof !== "object" || proof.version !== SHUFFLE_VERSION) return bad("shuffle");
  const seed = hexBytes(proof.seed, 32, 32);
  if (!seed || typeof proof.commitment !== "string") return bad("shuffle");
  if (!Array.isArray(proof.contributions)) return bad("contribution");
  const contributions = [];
  for (const item of proof.contributions) {
    const value = item && hexBytes(item.value);
    const seat = item && item.seat;
    if (!value || ![0, 1, 2, 3].includes(seat) || contributions.some((c) => c.seat === seat)) {
      return bad("contribution");
    }
    contributions.push({ seat, value });
  }
  if ((await sha256Hex(seed)) !== proof.commitment) return bad("commitment");
  const deck = await deriveDeck(seed, contributions);
  const hands = dealHands(deck, record.dealer);
  if (!Array.isArray(record.hands) || hands.some((h, s) => !Array.isArray(record.hands[s]) || !sameCards(h, record.hands[s]))) {
    return bad("hands");
  }
  if (typeof record.trump !== "string" || cardId(record.trump) !== deck[19]) return bad("trump");
  return { status: "verified" };
}

/** A fresh random contribution: 32 bytes from the browser's CSPRNG, lowercase hex. */
export function randomContribution() {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Send this seat's contribution whenever a table it sits at commits to a shuffle (the
 * `shuffle_commit` event, or a `sync` taken while one waits). `conn` is a net.js
 * Connection; each commitment gets one value at most.
 */
export function attachContributor(conn) {
  const seats = new Map(); // table -> our seat (null: spectator)
  const sent = new Set();
  const contribute = (table, commit) => {
    const seat = seats.get(table);
    if (!commit || seat === null || seat === undefined || !(commit.seats || []).includes(seat)) return;
    if (sent.has(commit.commitment)) return;
    sent.add(commit.commitment);
    // late (a replayed event of a deal already done) or twice: nothing to do about it
    conn.command("contribute", { table, value: randomContribution() }).catch(() => null);
  };
  conn.on("sync", (msg) => {
    seats.set(msg.table, msg.seat);
    contribute(msg.table, msg.shuffle);
  });
  conn.on("event", (msg) => {
    const body = msg.body;
    if (!body) return;
    if (body.kind === "seats" && conn.user) {
      const mine = (body.info.seats || []).find((s) => s.user === conn.user.id);
      seats.set(msg.table, mine ? mine.seat : null);
    } else if (body.kind === "shuffle_commit") {
      contribute(msg.table, body);
    }
  });
}
