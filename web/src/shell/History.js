// Your finished matches (GET /api/history), newest first: the result from your side, the
// score, the date, the four players (links to their profiles) as their two pairs, yours
// first (seat order alternates the pairs), a replay and a download.

import { t } from "../i18n.js";
import { Icon } from "../icons.js";
import { replayHref } from "../router.js";
import { errorText } from "../text.js";
import { PlayerTag, formatDate, html, teamOfUser, useApi } from "./common.js";

/** One finished match as a list row, seen from `viewerId`'s side (team 0 when not a player). */
export function MatchRow({ match: m, viewerId, testid, replayTestid }) {
  const team = teamOfUser(m, viewerId);
  const side = team ?? 0;
  const won = m.winner === side;
  return html`<li data-testid=${testid}>
    ${team === null
      ? html`<span class="result neutral">${t("history.finished")}</span>`
      : html`<span class=${`result ${won ? "good" : "bad"}`}>${won ? t("history.won") : t("history.lost")}</span>`}
    <span class="score">${m.score[side]}–${m.score[1 - side]}</span>
    <span class="muted when">${formatDate(m.finished_at)}</span>
    <span class="players">
      ${[side, 1 - side].map((pair) => {
        const label = team === null ? t("table.team", { n: pair + 1 }) : pair === team ? t("table.us") : t("table.them");
        const players = m.players.filter((p) => (p.seat & 1) === pair).sort((a, b) => a.seat - b.seat);
        return html`<span key=${pair} class="pair" role="group" aria-label=${label}>
          <span class="pair-name" aria-hidden="true">${label}</span>
          ${players.map((p) => html`<${PlayerTag} key=${p.seat} player=${p} size=${20} />`)}
        </span>`;
      })}
    </span>
    <span class="muted hands">${t("history.hands", { n: m.hand_count })}</span>
    <span class="row-links">
      <a class="btn small primary" href=${replayHref(m.id)} data-testid=${replayTestid}>${t("history.replay")}</a>
      <a class="btn small ghost icon-btn" href=${`/api/matches/${encodeURIComponent(m.id)}/records.jsonl`} download=""
        aria-label=${t("history.download")} title=${t("history.download")}><${Icon} name="download" size=${16} /></a>
    </span>
  </li>`;
}

export function History({ token, user }) {
  const { data, error, loading } = useApi(token ? "/history?limit=50" : null, token);
  let body;
  if (!token) body = html`<p class="muted">${t("history.signIn")}</p>`;
  else if (loading) body = html`<p class="muted">${t("common.loading")}</p>`;
  else if (error) body = html`<p class="message error">${errorText(error)}</p>`;
  else if (!data.matches?.length) body = html`<p class="muted" data-testid="history-empty">${t("history.empty")}</p>`;
  else {
    body = html`<ul class="history-list">
      ${data.matches.map(
        (m) => html`<${MatchRow} key=${m.id} match=${m} viewerId=${user?.id}
          testid=${`history-row-${m.id}`} replayTestid=${`open-replay-${m.id}`} />`,
      )}
    </ul>`;
  }
  return html`<section class="panel" data-testid="history"><h1>${t("nav.history")}</h1>${body}</section>`;
}
