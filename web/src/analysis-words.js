// The words of the analysis after the hand (docs/analysis.md), shared by the replay viewer's
// panel and the table's hand summary: an option in words, a value with its unit, and a
// decision's cost (a bid's also in game points). Only words: the numbers are the server's.

import { lang, t } from "./i18n.js";
import { cardName, suitName } from "./text.js";

const BIDS = ["pass", "solo", "cuatrola", "quintola"];

/** An action of a decision in words ("As de oros", "Solo", "Cantar en copas"...). */
export function actionText(action) {
  if (BIDS.includes(action)) return t(`bid.${action}`);
  if (action === "nocante") return t("analysis.nocante");
  if (action.startsWith("cante:")) return t("analysis.cante", { suit: suitName(action.slice(6)) });
  return cardName(action);
}

const formats = new Map();
function format(code, options) {
  const key = `${code} ${JSON.stringify(options)}`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat(code, options));
  return formats.get(key);
}

/** A number as the language writes it, at most two decimals ("1,48" in Spanish, "1.48" in English). */
export function numberText(value, code = lang()) {
  return format(code, { maximumFractionDigits: 2 }).format(value);
}

/** A percentage (0-100) as the language writes it, whole ("65 %", "65%", "%65"); "—" for none. */
export function percentText(value, code = lang()) {
  if (value === null || value === undefined) return "—";
  return format(code, { style: "percent", maximumFractionDigits: 0 }).format(value / 100);
}

/** A value or a cost with its unit ("12 points", "4.4% chance to win the match"). */
export function unitText(value, unit) {
  return t(`analysis.unit.${unit}`, { value: numberText(value) });
}

/** Whether a decision is a bid whose options also carry game points (ranked by match chance). */
export function hasGamePoints(decision) {
  return decision.unit !== "game" && decision.game_points_cost !== null && decision.game_points_cost !== undefined;
}

/** A decision's cost in its unit, and for a bid also in game points. */
export function costText(decision) {
  const cost = unitText(decision.cost, decision.unit);
  return hasGamePoints(decision) ? `${cost} · ${unitText(decision.game_points_cost, "game")}` : cost;
}
