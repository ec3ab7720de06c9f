// The replay viewer: a finished match from the history (GET /api/matches/<id>), stepped hand by
// hand and card by card. The match is over, so every dealt hand is shown face up.

import { cardSvg, suitIcon } from "./cards.js";
import { h, svgBox, mount } from "./dom.js";
import { t, onLangChange } from "./i18n.js";
import { api } from "./net.js";
import { replaySteps, position, partnerOf } from "./model.js";
import { cardName, errorText, rulesLabel } from "./table.js";
import { cardCode, SUIT_KEYS } from "./cards.js";

export class ReplayScreen {
  constructor(root, matchId, hooks) {
    this.root = root;
    this.id = matchId;
    this.hooks = hooks;
    this.match = null;
    this.hand = 0;
    this.step = 0;
    this.steps = [];
    this.playing = null;
    this.error = "";
    this.alive = true;
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keyHandler);
    this.offLang = onLangChange(() => this.alive && this.render());
    this.render();
    this.load();
  }

  destroy() {
    this.alive = false;
    this.offLang();
    clearInterval(this.playing);
    document.removeEventListener("keydown", this.keyHandler);
  }

  async load() {
    try {
      this.match = await api("GET", `/matches/${encodeURIComponent(this.id)}`);
      this.selectHand(0);
    } catch (err) {
      this.error = errorText(err);
      this.render();
    }
  }

  selectHand(index) {
    const hands = this.match?.hands || [];
    if (!hands.length) return;
    this.hand = Math.max(0, Math.min(hands.length - 1, index));
    this.steps = replaySteps(hands[this.hand]);
    this.step = 0;
    this.render();
  }

  go(step) {
    this.step = Math.max(0, Math.min(this.steps.length - 1, step));
    this.render();
  }

  toggleAutoplay() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = null;
    } else {
      this.playing = setInterval(() => {
        if (this.step >= this.steps.length - 1) {
          clearInterval(this.playing);
          this.playing = null;
          this.render();
        } else this.go(this.step + 1);
      }, 900);
    }
    this.render();
  }

  onKey(e) {
    if (!this.alive || !this.steps.length) return;
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.key === "ArrowRight") this.go(this.step + 1);
    else if (e.key === "ArrowLeft") this.go(this.step - 1);
    else if (e.key === "PageDown") this.selectHand(this.hand + 1);
    else if (e.key === "PageUp") this.selectHand(this.hand - 1);
    else if (e.key === "Home") this.go(0);
    else if (e.key === "End") this.go(this.steps.length - 1);
    else return;
    e.preventDefault();
  }

  playerName(seat) {
    const p = this.match?.players?.find((x) => x.seat === seat);
    if (!p) return t("table.seatN", { n: seat + 1 });
    if (p.is_bot) return t("table.botShort", { n: seat + 1 });
    return p.name;
  }

  /** The seat shown at the bottom: the viewer's own seat when they played this match. */
  viewerSeat() {
    const mine = this.match?.players?.find((x) => x.user_id && x.user_id === this.hooks.userId?.());
    return mine ? mine.seat : 0;
  }

  describe(event) {
    switch (event.kind) {
      case "deal":
        return t("replay.deal", { seat: this.playerName(this.steps[0].dealer) });
      case "bid":
        return t("log.bid", { seat: this.playerName(event.seat), bid: t(`bid.${event.bid}`) });
      case "card": {
        const text = t("log.card", { seat: this.playerName(event.seat), card: cardName(cardCode(event.card)) });
        return event.winner === undefined ? text : `${text} · ${t("table.trickWonBy", { seat: this.playerName(event.winner) })}`;
      }
      case "cante":
        return t("log.cante", { seat: this.playerName(event.seat), suit: t(`suit.${SUIT_KEYS[event.suit]}`) });
      default:
        return "";
    }
  }

  render() {
    if (!this.alive) return;
    if (!this.match) {
      mount(
        this.root,
        h(
          "section",
          { class: "panel", "data-testid": "replay" },
          h("h2", { text: t("replay.title") }),
          h("p", { class: this.error ? "message error" : "muted", text: this.error || t("common.loading") }),
          h("button", { class: "btn", onclick: () => this.hooks.onBack(), text: t("nav.history") }),
        ),
      );
      return;
    }
    const hands = this.match.hands;
    const record = hands[this.hand];
    const s = this.steps[this.step];
    const seats = [0, 1, 2, 3].map((seat) => {
      const pos = position(seat, this.viewerSeat());
      const cards = s.hands[seat];
      const bidIndex = (seat - s.mano + 4) % 4;
      const bid = bidIndex < s.bids.length ? s.bids[bidIndex] : null;
      return h(
        "div",
        { class: `seat seat-${pos}${s.sittingOut === seat ? " out" : ""} team-${seat & 1}`, "data-testid": `replay-seat-${seat}` },
        h(
          "div",
          { class: "seat-head" },
          h("span", { class: "seat-name", text: this.playerName(seat) }),
          s.dealer === seat ? h("span", { class: "badge dealer", text: t("table.dealerShort") }) : null,
          s.sittingOut === seat ? h("span", { class: "badge out", text: t("table.sitsOut") }) : null,
        ),
        h(
          "div",
          { class: "open-hand" },
          cards.map((c) => svgBox("span", { class: "mini-face", role: "img", "aria-label": cardName(cardCode(c)) }, cardSvg(c))),
        ),
        bid ? h("div", { class: `bid-bubble bid-${bid}`, text: t(`bid.${bid}`) }) : null,
      );
    });
    const trick = h(
      "div",
      { class: "trick", "data-testid": "replay-trick" },
      s.trick.map(([seat, card]) =>
        svgBox(
          "div",
          {
            class: `trick-card at-${position(seat, this.viewerSeat())}${s.event.winner === seat ? " winner" : ""}`,
            role: "img",
            "aria-label": `${this.playerName(seat)}: ${cardName(cardCode(card))}`,
          },
          cardSvg(card),
        ),
      ),
    );
    const contract =
      s.bidder === null
        ? s.bids.length === 4
          ? t("table.plainHand")
          : ""
        : t("table.contractBy", { contract: t(`bid.${s.contract}`), seat: this.playerName(s.bidder) });
    const button = (testid, label, onclick, disabled = false) =>
      h("button", { class: "btn small", "data-testid": testid, onclick, disabled, text: label });
    const us = this.viewerSeat() & 1;
    const before = record.score_before || [0, 0];
    const score = [before[us], before[1 - us]];
    return mount(
      this.root,
      h(
        "section",
        { class: "replay-screen", "data-testid": "replay" },
        h(
          "header",
          { class: "table-bar" },
          h(
            "div",
            { class: "match-score" },
            h("span", { class: "score-label", text: t("replay.title") }),
            h("span", { class: "rules-tag", text: rulesLabel(presetOf(this.match.rules)) }),
            h("span", { class: "score-value", text: `${score[0]}–${score[1]}` }),
          ),
          h(
            "div",
            { class: "hand-info" },
            h(
              "span",
              { class: "trump-badge" },
              svgBox("span", { class: "icon" }, suitIcon(s.trump)),
              h("span", { text: `${t("table.trump")}: ${t(`suit.${SUIT_KEYS[s.trump]}`)}` }),
            ),
            contract ? h("span", { class: "contract", text: contract }) : null,
            h("span", {
              class: "hand-score",
              "data-testid": "replay-points",
              text: t("table.handPoints", { us: s.teamPoints[us], them: s.teamPoints[1 - us], ut: s.teamTricks[us], tt: s.teamTricks[1 - us] }),
            }),
          ),
          h("div", { class: "bar-buttons" }, h("button", { class: "btn small ghost", "data-testid": "replay-back", onclick: () => this.hooks.onBack(), text: t("nav.history") })),
        ),
        h(
          "div",
          { class: "felt replay-felt" },
          seats,
          h("div", { class: "center" }, trick),
          svgBox("div", { class: "replay-trump", role: "img", "aria-label": t("table.shownTrump", { card: cardName(cardCode(s.trumpCard)) }) }, cardSvg(s.trumpCard)),
        ),
        h("p", { class: "replay-event", "data-testid": "replay-event", "aria-live": "polite", text: this.describe(s.event) }),
        s.result
          ? h("p", {
              class: `replay-result ${s.result.winner === us ? "good" : "bad"}`,
              "data-testid": "replay-result",
              text:
                s.result.winner === us
                  ? t("summary.resultWe", { points: s.result.gamePoints })
                  : t("summary.resultThey", { points: s.result.gamePoints }),
            })
          : null,
        h(
          "div",
          { class: "replay-controls" },
          button("replay-hand-prev", t("replay.prevHand"), () => this.selectHand(this.hand - 1), this.hand === 0),
          h("span", { class: "replay-pos", "data-testid": "replay-hand", text: t("replay.handN", { n: this.hand + 1, total: hands.length }) }),
          button("replay-hand-next", t("replay.nextHand"), () => this.selectHand(this.hand + 1), this.hand >= hands.length - 1),
          button("replay-start", "⏮", () => this.go(0), this.step === 0),
          button("replay-prev", t("replay.prev"), () => this.go(this.step - 1), this.step === 0),
          h("span", { class: "replay-pos", "data-testid": "replay-step", text: t("replay.stepN", { n: this.step, total: this.steps.length - 1 }) }),
          button("replay-next", t("replay.next"), () => this.go(this.step + 1), this.step >= this.steps.length - 1),
          button("replay-end", "⏭", () => this.go(this.steps.length - 1), this.step >= this.steps.length - 1),
          button("replay-play", this.playing ? t("replay.pause") : t("replay.play"), () => this.toggleAutoplay()),
        ),
        s.cantes.length
          ? h("p", { class: "muted", text: s.cantes.map((c) => t("summary.canteLine", { seat: this.playerName(c.seat), suit: t(`suit.${SUIT_KEYS[c.suit]}`), points: c.points })).join(" · ") })
          : null,
        // partner of the bidder sits out: make it explicit for screen readers
        s.bidder !== null ? h("p", { class: "sr-only", text: t("summary.deadHand", { seat: this.playerName(partnerOf(s.bidder)) }) }) : null,
      ),
    );
  }
}

/** The preset name ("exact11", "to21", "hands20") of a rules object from the history. */
export function presetOf(rules) {
  if (!rules || typeof rules !== "object") return "exact11";
  if (rules.end === "first_to") return `to${rules.target}`;
  if (rules.end === "hands") return `hands${rules.hands}`;
  return `exact${rules.target ?? 11}`;
}
