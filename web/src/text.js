// Text helpers shared by the screens: names of cards, suits, rules and players, and server
// errors, all from the catalogues.

import { cardId, cardSuit, cardRank, SUITS, SUIT_KEYS, RANK_KEYS } from "./cards.js";
import { t, has } from "./i18n.js";

/** The localised name of a card code ("RO" -> "Rey de oros"). */
export function cardName(code) {
  const id = cardId(code);
  return t("card.name", {
    rank: t(`rank.${RANK_KEYS[cardRank(id)]}`),
    suit: t(`suit.${SUIT_KEYS[cardSuit(id)]}`),
  });
}

/** The localised name of a suit, from its letter ("O") or index (0). */
export function suitName(suit) {
  const index = typeof suit === "string" ? SUITS.indexOf(suit) : suit;
  return t(`suit.${SUIT_KEYS[index]}`);
}

/** A rules preset as text ("exact11" -> "11 points exactly"). */
export function rulesLabel(rules) {
  const m = /^exact(\d+)$/.exec(rules);
  if (m) return t("rules.exactN", { n: m[1] });
  if (rules === "to21") return t("rules.to21");
  const hands = /^hands(\d+)$/.exec(rules);
  if (hands) return t("rules.handsN", { n: hands[1] });
  return rules;
}

/** A server error as text in the current language (known codes are in the catalogue). */
export function errorText(err) {
  const code = err?.code;
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  return err?.message ? `${t("error.generic")} (${err.message})` : t("error.generic");
}

/**
 * A player's name as shown: a computer player's translated name when its `bot_level` is set
 * (a SeatInfo, or a REST player: both name a seat alike), else the name. `fallbackLevel`
 * covers servers that send none (a bot without a user took the table's `bot_level`).
 */
export function playerName(player, fallbackLevel = null) {
  if (!player) return "";
  const level = player.bot_level ?? (player.bot && !player.user ? fallbackLevel : null);
  if (level) return t("player.computer", { level: t(`level.${level}`) });
  return player.name || "";
}
