// The leaderboard (GET /api/leaderboard): rank, player (a link to the profile), rating,
// matches and wins; your own row marked.

import { t } from "../i18n.js";
import { errorText } from "../text.js";
import { PlayerTag, html, useApi } from "./common.js";

export function Leaderboard({ user }) {
  const { data, error, loading } = useApi("/leaderboard?limit=50", null);
  const rows = data?.entries || [];
  let body;
  if (loading) body = html`<p class="muted">${t("common.loading")}</p>`;
  else if (error) body = html`<p class="message error">${errorText(error)}</p>`;
  else if (!rows.length) body = html`<p class="muted">${t("board.empty")}</p>`;
  else {
    body = html`<div class="table-scroll"><table class="data board">
      <thead><tr>
        <th scope="col">#</th><th scope="col">${t("board.player")}</th><th scope="col">${t("board.rating")}</th>
        <th scope="col">${t("board.matches")}</th><th scope="col">${t("board.wins")}</th>
      </tr></thead>
      <tbody>
        ${rows.map(
          (r) => html`<tr key=${r.user} class=${r.user === user?.id ? "me" : ""} data-testid=${`board-row-${r.user}`}>
            <td>${r.rank}</td>
            <td class="who"><${PlayerTag} player=${{ name: r.name, user: r.user }} testid=${`profile-link-${r.user}`} /></td>
            <td>${Math.round(r.rating)}</td><td>${r.matches}</td><td>${r.wins}</td>
          </tr>`,
        )}
      </tbody>
    </table></div>`;
  }
  return html`<section class="panel" data-testid="leaderboard"><h1>${t("nav.leaderboard")}</h1>${body}</section>`;
}
