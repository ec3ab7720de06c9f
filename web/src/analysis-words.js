// The words of the analysis after the hand (docs/analysis.md), shared by the replay viewer's
// panel and the table's hand summary: an option in words, a value with its unit, and a
// decision's cost (a bid's also in game points). Only words: the numbers are the server's.

import { t } from "./i18n.js";
import { cardName, suitName } from "./text.js";

const BIDS = ["pass", "solo", "cuatrola", "quintola"];

/** An action of a decision in words ("As de oros", "Solo", "Cantar en copas"...). */
export function actionText(action) {
  if (BIDS.includes(action)) return t(`bid.${action}`);
  if (action === "nocante") return t("analysis.nocante");
  if (action.startsWith("cante:")) return t("analysis.cante", { suit: suitName(action.slice(6)) });
  return cardName(action);
}

/** A value or a cost with its unit ("12 points", "4.4% chance to win the match"). */
export function unitText(value, unit) {
  return t(`analysis.unit.${unit}`, { value: Number(value.toFixed(2)) });
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
