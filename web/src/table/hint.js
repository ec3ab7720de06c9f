// Hints at the table (docs/protocol.md, "hint"): a button, shown when the table's `hints`
// option is on and it is our turn, that asks the server for the expert's move; the answer
// (`hint` message, to this connection only) names the move and a reason key, shown until the
// game moves on. The expert and the reason are the server's; nothing is worked out here.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n.js";
import { cardName, errorText, suitName } from "../text.js";
import { myTurn, seated } from "./state.js";
import { html } from "./parts.js";

const CARD = /^[A3RCS][OCEB]$/;

/** A move in words: a card's name, a bid, a cante or not singing. */
export function moveText(action) {
  if (CARD.test(action)) return cardName(action);
  if (action === "nocante") return t("tutorial.noCante");
  if (action.startsWith("cante:")) return t("tutorial.sing", { suit: suitName(action.slice(6)) });
  return t(`bid.${action}`);
}

/**
 * The hint of this turn: {hint (the server's `hint` message, or null), ask(), busy, error,
 * available}. A hint belongs to the view it was asked from: the next game event (a new
 * view) puts it away, a chat line does not.
 */
export function useHint(conn, tableId, state) {
  const [answer, setAnswer] = useState(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const asked = useRef(null);
  const view = useRef(state.view);
  view.current = state.view;
  const askedId = useRef(null);
  useEffect(() => {
    const offs = [
      conn.on("hint", (m) => {
        if (m.table !== tableId) return;
        setBusy(false);
        // an answer to a question asked from a view that is gone is not shown
        if (asked.current && asked.current === view.current) setAnswer({ hint: m, view: asked.current });
      }),
      // after its ack, a hint the server could not find comes as an error with its id
      conn.on("error", (m) => {
        if (!m.id || m.id !== askedId.current) return;
        setBusy(false);
        setError(errorText(m));
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [conn, tableId]);
  useEffect(() => {
    setError(null);
    setBusy(false);
  }, [state.view]);
  const offered = Boolean(state.info?.options?.hints) && seated(state);
  const available = offered && myTurn(state);
  const ask = useCallback(() => {
    asked.current = view.current;
    setBusy(true);
    setError(null);
    conn
      .command("hint", { table: tableId })
      .then((ack) => {
        askedId.current = ack.id;
      })
      .catch((err) => {
        setBusy(false);
        setError(errorText(err));
      });
  }, [conn, tableId]);
  const hint = answer && answer.view === state.view ? answer.hint : null;
  return { hint, ask, busy, error, available, offered };
}

/** The hint button and, once answered, the expert's move with its reason. */
export function HintBar({ hints }) {
  if (!hints.offered) return null;
  // Between our turns the bar keeps its room, unseen: the felt above takes the height left
  // to it, and would otherwise shrink and grow by a row at every turn.
  if (!hints.available) {
    return html`<div class="hint-bar idle" aria-hidden="true">
      <button class="btn small" disabled tabindex="-1">${t("hint.ask")}</button>
    </div>`;
  }
  const { hint } = hints;
  return html`<div class="hint-bar" data-testid="hint-bar">
    <button class="btn small" data-testid="hint-btn" disabled=${hints.busy || Boolean(hint)} onClick=${hints.ask}
      title=${t("hint.help")}>${t("hint.ask")}</button>
    ${hint
      ? html`<p class="hint-text" role="status" data-testid="hint" data-action=${hint.action} data-reason=${hint.reason}>
          <strong>${t("hint.move", { move: moveText(hint.action) })}</strong> ${t(`hint.${hint.reason}`)}
        </p>`
      : null}
    ${hints.error ? html`<p class="message error" role="alert" data-testid="hint-error">${hints.error}</p>` : null}
  </div>`;
}
