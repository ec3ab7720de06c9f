// A player's profile (#/player/<user id>, GET /api/players/{id}): avatar, name, rating,
// matches played and won, and the recent matches with links to their replays.

import { Avatar } from "../avatar.js";
import { t } from "../i18n.js";
import { errorText } from "../text.js";
import { MatchRow } from "./History.js";
import { Name, formatDate, html, useApi } from "./common.js";

export function Profile({ userId, me }) {
  const { data, error, loading } = useApi(`/players/${encodeURIComponent(userId)}`, null);
  if (loading) {
    return html`<section class="panel profile" data-testid="profile">
      <h1>${t("profile.title")}</h1><p class="muted">${t("common.loading")}</p>
    </section>`;
  }
  if (error) {
    const text = error.code === "not_found" ? t("profile.notFound") : errorText(error);
    return html`<section class="panel profile" data-testid="profile">
      <h1>${t("profile.title")}</h1><p class="message error" data-testid="profile-error">${text}</p>
    </section>`;
  }
  const p = data;
  const rating = p.rating ? Math.round(p.rating.rating) : null;
  const recent = p.recent || [];
  return html`<section class="panel profile" data-testid="profile">
    <div class="profile-head">
      <${Avatar} name=${p.name} size=${72} class="big" />
      <div class="profile-who">
        <h1 data-testid="profile-name"><${Name} text=${p.name} /></h1>
        <p class="muted">
          ${p.guest ? html`<span class="badge">${t("auth.guest")}</span> ` : null}
          ${me?.id === p.id ? html`<span class="badge">${t("profile.you")}</span> ` : null}
          ${p.created_at ? t("profile.since", { date: formatDate(p.created_at) }) : null}
        </p>
      </div>
    </div>
    <dl class="stats">
      <div><dt>${t("board.rating")}</dt><dd data-testid="profile-rating" class=${rating === null ? "words" : ""}>
        ${rating === null ? t("profile.unrated") : rating}</dd></div>
      <div><dt>${t("board.matches")}</dt><dd data-testid="profile-matches">${p.matches}</dd></div>
      <div><dt>${t("board.wins")}</dt><dd data-testid="profile-wins">${p.wins}</dd></div>
    </dl>
    <h2>${t("profile.recent")}</h2>
    ${recent.length
      ? html`<ul class="history-list" data-testid="profile-recent">
          ${recent.map(
            (m) => html`<${MatchRow} key=${m.id} match=${m} viewerId=${p.id}
              testid=${`profile-match-${m.id}`} replayTestid=${`profile-replay-${m.id}`} />`,
          )}
        </ul>`
      : html`<p class="muted" data-testid="profile-no-matches">${t("profile.noMatches")}</p>`}
  </section>`;
}
