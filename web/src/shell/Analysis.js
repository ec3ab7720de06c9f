// The analysis after the hand in the replay viewer (GET /api/matches/{id}/analysis,
// docs/analysis.md): at each step, the decision just made (its options and their values for
// the player's side, the expert's choice, the cost and its mark) and each analysed player's
// accuracy. The values come from the server; nothing is worked out here.

import { useEffect, useState } from "preact/hooks";
import "../css/analysis.css";
import { actionText, costText, unitText, percentText } from "../analysis-words.js";
import { t } from "../i18n.js";
import { api } from "../net.js";
import { errorText } from "../text.js";
import { html } from "./common.js";

const MARKS = ["inaccuracy", "mistake", "blunder"];
/** Seconds between two asks while the server is still computing (it says 202 "pending"). */
const RETRY_MS = 2000;
const MAX_TRIES = 90;

/** The match's analysis: `{ analysis, pending, error }`, asking again while it is pending. */
export function useAnalysis(matchId) {
  const [state, setState] = useState({ analysis: null, pending: true, error: null });
  useEffect(() => {
    let alive = true;
    let timer = null;
    let tries = 0;
    const ask = () => {
      tries += 1;
      api("GET", `/matches/${encodeURIComponent(matchId)}/analysis`)
        .then((data) => {
          if (!alive) return;
          if (data && data.status === "pending") {
            setState({ analysis: null, pending: tries < MAX_TRIES, error: null });
            if (tries < MAX_TRIES) timer = setTimeout(ask, RETRY_MS);
          } else setState({ analysis: data, pending: false, error: null });
        })
        .catch((error) => alive && setState({ analysis: null, pending: false, error }));
    };
    ask();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [matchId]);
  return state;
}

/** The decision a replay step shows: the one whose action step `step` made (step 0 is the deal). */
export function decisionAt(hand, step) {
  return (hand?.decisions || []).find((d) => d.step === step - 1) || null;
}

const percent = (value) => percentText(value);

function Accuracy({ analysis, hand, nameOf }) {
  const whole = new Map((analysis.seats || []).map((s) => [s.seat, s]));
  return html`<ul class="an-accuracy">
    ${(hand?.seats || []).map((s) => {
      const marks = MARKS.map((m) => [m, s[`${m === "inaccuracy" ? "inaccuracies" : `${m}s`}`]]).filter(([, n]) => n);
      return html`<li key=${s.seat} data-testid=${`analysis-accuracy-${s.seat}`}>
        ${t("analysis.accuracy", { seat: nameOf(s.seat), hand: percent(s.accuracy), match: percent(whole.get(s.seat)?.accuracy) })}
        ${marks.map(([m, n]) => html`<span key=${m} class=${`an-mark an-${m}`}>${n} × ${t(`analysis.mark.${m}`)}</span>`)}
      </li>`;
    })}
  </ul>`;
}

function Alternatives({ decision }) {
  const hindsight = decision.alternatives.some((a) => a.hindsight !== null && a.hindsight !== undefined);
  // A bid ranked by the chance to win the match also shows its expected game points.
  const points = decision.unit !== "game" && decision.alternatives.some((a) => a.game_points !== null && a.game_points !== undefined);
  return html`<table class="an-options" data-testid="analysis-alternatives">
    <thead>
      <tr>
        <th>${t("analysis.option")}</th>
        <th>${t("analysis.value")}</th>
        ${hindsight ? html`<th>${t("analysis.hindsight")}</th>` : null}
        ${points ? html`<th>${t("analysis.gamePoints")}</th>` : null}
      </tr>
    </thead>
    <tbody>
      ${decision.alternatives.map(
        (a) => html`<tr key=${a.action} data-action=${a.action}
            class=${`${a.action === decision.chosen ? "chosen" : ""}${a.action === decision.best ? " best" : ""}`}>
          <td>${actionText(a.action)}</td>
          <td>${a.value === null ? "" : unitText(a.value, decision.unit)}</td>
          ${hindsight ? html`<td class="muted">${a.hindsight === null ? "" : unitText(a.hindsight, decision.unit)}</td>` : null}
          ${points ? html`<td data-testid="analysis-game-points">${a.game_points === null || a.game_points === undefined ? "" : unitText(a.game_points, "game")}</td>` : null}
        </tr>`,
      )}
    </tbody>
  </table>`;
}

function DecisionView({ decision, nameOf }) {
  if (!decision) return html`<p class="muted" data-testid="analysis-none">${t("analysis.none")}</p>`;
  const chosen = t("analysis.chosen", { seat: nameOf(decision.seat), action: actionText(decision.chosen) });
  if (decision.forced) {
    return html`<div class="an-decision" data-testid="analysis-decision">
      <p>${chosen} · <span class="muted">${t("analysis.forced")}</span></p>
    </div>`;
  }
  return html`<div class="an-decision" data-testid="analysis-decision" data-mark=${decision.mark || "none"}>
    <p>
      ${`${chosen} · ${t("analysis.best", { action: actionText(decision.best) })} · `}
      <span data-testid="analysis-cost">${t("analysis.cost", { cost: costText(decision) })}</span>
      ${decision.mark
        ? html` <span class=${`an-mark an-${decision.mark}`} data-testid="analysis-mark">${t(`analysis.mark.${decision.mark}`)}</span>`
        : null}
    </p>
    <${Alternatives} decision=${decision} />
  </div>`;
}

/** The analysis panel under the replay: `state` from useAnalysis, the hand and step shown. */
export function AnalysisPanel({ state, hand, step, nameOf }) {
  const { analysis, pending, error } = state;
  let body;
  if (analysis) {
    const shown = analysis.hands?.[hand];
    body = html`<${Accuracy} analysis=${analysis} hand=${shown} nameOf=${nameOf} />
      <${DecisionView} decision=${decisionAt(shown, step)} nameOf=${nameOf} />
      <p class="muted an-note">${t("analysis.note")}</p>`;
  } else if (pending) body = html`<p class="muted" data-testid="analysis-pending">${t("analysis.pending")}</p>`;
  else if (error && error.status === 404) body = html`<p class="muted">${t("analysis.unavailable")}</p>`;
  else body = html`<p class="message error">${error && error.code === "analysis_failed" ? t("analysis.failed") : errorText(error)}</p>`;
  return html`<section class="analysis-panel" data-testid="analysis" aria-live="polite">
    <h2>${t("analysis.title")}</h2>
    ${body}
  </section>`;
}
