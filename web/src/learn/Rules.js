// The rules page (#/rules; the server's /rules redirects here): the rule text of every
// lesson of the tutorial, from the same catalogue texts, in the player's language.

import { t } from "../i18n.js";
import { errorText } from "../text.js";
import { html } from "../shell/common.js";
import { useLessons } from "./Learn.js";

export function Rules() {
  const { lessons, error } = useLessons();
  return html`<article class="panel rules-page" data-testid="rules">
    <h1>${t("tutorial.rulesTitle")}</h1>
    <p>${t("tutorial.rulesIntro")}</p>
    ${error ? html`<p class="message error">${errorText(error)}</p>` : null}
    ${!lessons && !error ? html`<p class="muted">${t("common.loading")}</p>` : null}
    ${(lessons || []).map(
      (l) => html`<section key=${l.id} data-testid=${`rules-section-${l.id}`}>
        <h2>${t(`tutorial.${l.id}.title`)}</h2>
        <p>${t(`tutorial.${l.id}.text`)}</p>
      </section>`,
    )}
    <a class="btn primary" href="#/learn" data-testid="rules-learn">${t("tutorial.start")}</a>
  </article>`;
}
