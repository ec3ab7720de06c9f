// Choices the protocol fixes (docs/protocol.md): the client offers exactly what the server
// accepts. These are the lists of cuatrola.protocol.messages (BOT_LEVELS, QUICK_PHRASES), in
// the same order; tests/web/test_catalogues.py holds the two equal.

/** The computer players' levels a table may ask for, easiest first. */
export const BOT_LEVELS = ["easy", "medium", "hard", "expert"];

/** The quick chat phrases, by key (the catalogue's `phrase.<key>` says them). */
export const QUICK_PHRASES = [
  "hello",
  "good_luck",
  "well_played",
  "thanks",
  "sorry",
  "oops",
  "hurry",
  "good_game",
  "rematch",
  "bye",
];
