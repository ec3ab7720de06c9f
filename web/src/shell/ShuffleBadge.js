// The replay viewer's shuffle badge: checks the hand record's shuffle proof in this browser
// (shuffle.js, WebCrypto) and says "shuffle verified", "does not match" (naming what), that
// the record has no proof (hands dealt before verifiable shuffles), or that this page cannot
// check it (no WebCrypto outside https).

import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n.js";
import { verifyRecord } from "../shuffle.js";
import { html } from "./common.js";

/** The badge of one hand `record` (a cuatrola-hand/1 object, from GET /api/matches/{id}). */
export function ShuffleBadge({ record }) {
  const [result, setResult] = useState(null);
  useEffect(() => {
    let alive = true;
    setResult(null);
    if (!globalThis.crypto?.subtle) {
      // WebCrypto's digest and HMAC exist only on https (and loopback) pages
      setResult({ status: "unavailable" });
      return undefined;
    }
    verifyRecord(record).then(
      (found) => alive && setResult(found),
      () => alive && setResult({ status: "mismatch", what: "shuffle" }),
    );
    return () => {
      alive = false;
    };
  }, [record]);
  const status = result ? result.status : "checking";
  let text = t("shuffle.checking");
  if (status === "verified") text = t("shuffle.verified");
  else if (status === "none") text = t("shuffle.none");
  else if (status === "unavailable") text = t("shuffle.unavailable");
  else if (status === "mismatch") text = t("shuffle.mismatch", { what: t(`shuffle.what.${result.what}`) });
  return html`<span class=${`badge shuffle-${status}`} data-testid="shuffle-badge" data-status=${status}
    title=${t("shuffle.help")} role="status">${text}</span>`;
}
