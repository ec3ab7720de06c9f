// Hash routes of the card room. Pure: the App component listens to `hashchange` and renders
// the screen that `parseRoute(location.hash)` names.
//
// #/ lobby · #/t/<table> a table (playing or watching) · #/join/<code> join by invite link ·
// #/leaderboard · #/history · #/replay/<match> · #/player/<user id> a profile ·
// #/learn the tutorial · #/rules the rules page.

/** The route named by a location hash, as {name, ...params}; anything unknown is the lobby. */
export function parseRoute(hash) {
  const text = hash || "#/";
  let m;
  if ((m = /^#\/t\/([\w-]+)$/.exec(text))) return { name: "table", id: m[1] };
  if ((m = /^#\/join\/(\w+)$/.exec(text))) return { name: "join", code: m[1] };
  if ((m = /^#\/replay\/(.+)$/.exec(text))) return { name: "replay", id: safeDecode(m[1]) };
  if ((m = /^#\/player\/([\w-]+)$/.exec(text))) return { name: "player", id: m[1] };
  if (text === "#/leaderboard") return { name: "leaderboard" };
  if (text === "#/history") return { name: "history" };
  if (text === "#/learn") return { name: "learn" };
  if (text === "#/rules") return { name: "rules" };
  return { name: "lobby" };
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The hash of a profile page. */
export const playerHref = (userId) => `#/player/${encodeURIComponent(userId)}`;

/** The hash of a replay. */
export const replayHref = (matchId) => `#/replay/${encodeURIComponent(matchId)}`;
