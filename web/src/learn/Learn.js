// The tutorial (#/learn): scripted lessons, one rule each, served by the server
// (GET /api/tutorial) with the learner's view of each position. Every answer goes to the
// server (POST /api/tutorial/<lesson>/check), whose rules core judges it and names the rule
// a wrong move breaks; this screen only shows the position and translates the verdict.
// Progress is kept in localStorage (progress.js).
//
// Where the screen is one column (the CSS's max-width: 760px: a phone) the lesson comes first
// and the list of lessons after it; wider, the list is a column on the left. The page is built
// in the order seen (useMovingPart), so that Tab and a screen reader follow it.

import { useEffect, useRef, useState } from "preact/hooks";
import { cardId, cardSvg, suitIcon, SUITS } from "../cards.js";
import { t } from "../i18n.js";
import { api } from "../net.js";
import { cardName, errorText, suitName } from "../text.js";
import { Svg, html, useMovingPart } from "../shell/common.js";
import { advance, isDone, loadProgress, openLesson, saveProgress } from "./progress.js";

const ONE_COLUMN = "(max-width: 760px)";
const POSITIONS = ["bottom", "right", "top", "left"];
const BIDS = ["pass", "solo", "cuatrola", "quintola"];
/** The table's wording of rule 4.1, reused: the same reasons the table screen shows. */
const PLAY_REASONS = {
  follow_suit: "why.mustFollow",
  follow_suit_beat: "why.mustBeat",
  must_trump: "why.mustTrump",
  over_trump: "why.mustOvertrump",
};

/** The lessons from the server: {lessons, error}. */
export function useLessons() {
  const [state, setState] = useState({ lessons: null, error: null });
  useEffect(() => {
    let alive = true;
    api("GET", "/tutorial", undefined, null)
      .then((data) => alive && setState({ lessons: data.lessons, error: null }))
      .catch((error) => alive && setState({ lessons: null, error }));
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

/** A verdict's reason as text: the rule the rules core says a wrong answer breaks. */
export function reasonText(verdict) {
  const key = PLAY_REASONS[verdict.reason] || `tutorial.reason.${verdict.reason}`;
  return t(key, { suit: verdict.suit ? suitName(verdict.suit) : "" });
}

/** How an option is labelled: a bid, a cante, a seat or a number of points. */
function optionLabel(kind, value) {
  if (kind === "winner" || kind === "sitting_out") return t(`tutorial.seat.${value}`);
  if (kind === "points") return t("tutorial.pointsN", { n: value });
  if (BIDS.includes(value)) return t(`bid.${value}`);
  if (value === "nocante") return t("tutorial.noCante");
  return t("tutorial.sing", { suit: suitName(value.slice(6)) });
}

export function Learn() {
  const { lessons, error } = useLessons();
  const [progress, setProgress] = useState(null);
  const [feedback, setFeedback] = useState(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef(null);
  const goneOn = useRef(false);
  const screen = useRef(null);
  const oneColumn = useMovingPart(ONE_COLUMN, () => screen.current?.querySelector(".learn-list") ?? null);

  useEffect(() => {
    if (lessons) setProgress(loadProgress(lessons));
  }, [lessons]);
  useEffect(() => {
    // after "next" the button is gone: the keyboard goes on from the new step's title
    if (goneOn.current) heading.current?.focus();
    goneOn.current = false;
  }, [progress]);

  const update = (next) => {
    setProgress(next);
    saveProgress(next);
    setFeedback(null);
  };

  // the screen's name, for screen readers: what is seen first is the lesson's own title
  const title = html`<h1 class="sr-only">${t("tutorial.title")}</h1>`;
  if (error) {
    return html`<section class="panel learn" data-testid="learn">
      <h1>${t("tutorial.title")}</h1>
      <p class="message error" data-testid="learn-error">${errorText(error)}</p>
    </section>`;
  }
  if (!lessons || !progress) {
    return html`<section class="panel learn" data-testid="learn">
      ${title}<p class="muted" data-testid="learn-loading">${t("common.loading")}</p>
    </section>`;
  }

  const list = html`<nav class="learn-list panel" aria-label=${t("tutorial.lessons")}>
    <h2>${t("tutorial.lessons")}</h2>
    <ol>
      ${lessons.map((l, i) => {
        const done = isDone(progress, l);
        return html`<li key=${l.id}>
          <button class=${`learn-lesson${i === progress.lesson ? " current" : ""}${done ? " done" : ""}`}
            data-testid=${`learn-lesson-${l.id}`} data-done=${String(done)} aria-current=${i === progress.lesson ? "step" : null}
            onClick=${() => update(openLesson(progress, i))}>
            <span class="learn-mark" aria-hidden="true">${i + 1}</span>
            <span>${t(`tutorial.${l.id}.title`)}</span>
            ${done ? html`<span class="sr-only">${t("tutorial.completed")}</span>` : null}
          </button>
        </li>`;
      })}
    </ol>
    <a class="btn small ghost" href="#/rules" data-testid="learn-rules-link">${t("tutorial.rulesTitle")}</a>
  </nav>`;

  // the list of lessons: before the lesson (a column on its left), or after it
  const [before, after] = oneColumn ? [null, list] : [list, null];
  if (progress.lesson >= lessons.length) {
    return html`<div class="learn-screen" data-testid="learn" ref=${screen}>
      ${title}${before}
      <section class="panel learn-main" data-testid="learn-done">
        <h2 ref=${heading} tabindex="-1">${t("tutorial.doneTitle")}</h2>
        <p>${t("tutorial.doneText")}</p>
        <div class="learn-actions">
          <a class="btn primary" href="#/">${t("tutorial.toLobby")}</a>
          <button class="btn" data-testid="learn-restart" onClick=${() => update({ ...progress, lesson: 0, step: 0 })}>
            ${t("tutorial.restart")}
          </button>
        </div>
      </section>
      ${after}
    </div>`;
  }

  const lesson = lessons[progress.lesson];
  const step = lesson.steps[progress.step];
  const n = progress.step + 1;
  const answer = async (value) => {
    if (busy || feedback?.right) return;
    setBusy(true);
    try {
      const verdict = await api("POST", `/tutorial/${encodeURIComponent(lesson.id)}/check`, { step: progress.step, answer: value }, null);
      setFeedback({ ...verdict, answer: value });
    } catch (err) {
      setFeedback({ failed: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return html`<div class="learn-screen" data-testid="learn" ref=${screen}>
    ${title}${before}
    <section class="panel learn-main" aria-labelledby="learn-title">
      <h2 id="learn-title" data-testid="learn-title" ref=${heading} tabindex="-1">${t(`tutorial.${lesson.id}.title`)}</h2>
      <p class="learn-text" data-testid="learn-text">${t(`tutorial.${lesson.id}.text`)}</p>
      <p class="muted" data-testid="learn-step">${t("tutorial.stepN", { n, total: lesson.steps.length })}</p>
      <p class="learn-task" data-testid="learn-task"><strong>${t(`tutorial.${lesson.id}.${n}.task`)}</strong></p>
      <${Board} step=${step} answered=${Boolean(feedback?.right)}
        played=${feedback?.right && /^[A3RCS][OCEB]$/.test(feedback.answer) ? feedback.answer : null} />
      <${Choices} step=${step} feedback=${feedback} busy=${busy} onAnswer=${answer} />
      <${Feedback} lesson=${lesson} n=${n} feedback=${feedback}
        onNext=${() => {
          goneOn.current = true;
          update(advance(progress, lessons));
        }} />
    </section>
    ${after}
  </div>`;
}

/**
 * The position: the other seats (cards counted, bids, who sits out), the trick, the trump.
 * Between tricks (a question, a cante) the trick just won is shown; who sits out is not
 * marked while it is the question.
 */
function Board({ step, played, answered }) {
  const v = step.view;
  const question = step.kind !== "move";
  let trick = v.trick;
  if (!trick.length && (question || v.phase === "cante") && v.tricks.length) {
    const last = v.tricks[v.tricks.length - 1];
    trick = last.seats.map((seat, i) => [seat, last.cards[i]]);
  }
  if (played) trick = [...trick, [0, played]];
  const trumpIndex = SUITS.indexOf(v.trump);
  const seatBox = (seat) => {
    const bidIndex = (seat - v.mano + 4) % 4;
    const bid = bidIndex < v.bids.length ? v.bids[bidIndex] : null;
    const out = v.sitting_out === seat && (step.kind !== "sitting_out" || answered);
    return html`<div key=${seat} class=${`lb-seat lb-${POSITIONS[seat]}${out ? " out" : ""}`} data-testid=${`learn-seat-${POSITIONS[seat]}`}>
      <strong>${t(`tutorial.seat.${seat}`)}</strong>
      ${v.dealer === seat ? html`<span class="badge dealer">${t("table.dealerShort")}</span>` : null}
      ${bid ? html`<span class=${`badge bid bid-${bid}`}>${t(`bid.${bid}`)}</span>` : null}
      ${out ? html`<span class="badge out">${t("table.sitsOut")}</span>` : null}
      ${seat !== 0 ? html`<span class="muted lb-count">${t("tutorial.cardsN", { n: v.card_counts[seat] })}</span>` : null}
    </div>`;
  };
  const [us, them] = v.score_before;
  return html`<div class="learn-board" data-testid="learn-board">
    <div class="lb-info">
      <span class="trump-badge" data-testid="learn-trump">
        ${trumpIndex >= 0 ? html`<${Svg} class="icon" markup=${suitIcon(trumpIndex)} />` : null}
        <span>${t("table.trump")}: ${suitName(v.trump)}</span>
      </span>
      ${us || them ? html`<span data-testid="learn-score">${t("tutorial.score", { us, them })}</span>` : null}
      ${v.bidder !== null && v.bidder !== undefined
        ? html`<span data-testid="learn-contract">${v.bidder === 0
          ? t("table.contractByYou", { contract: t(`bid.${v.contract}`) })
          : t("table.contractBy", { contract: t(`bid.${v.contract}`), seat: t(`tutorial.seat.${v.bidder}`) })}</span>`
        : null}
    </div>
    <div class="lb-felt">
      ${[1, 2, 3, 0].map(seatBox)}
      <div class="lb-trick" data-testid="learn-trick">
        ${trick.map(
          ([seat, c]) => html`<${Svg} key=${c} class=${`lb-card at-${POSITIONS[seat]}`} markup=${cardSvg(cardId(c))}
            label=${`${t(`tutorial.seat.${seat}`)}: ${cardName(c)}`} style=${null} />`,
        )}
      </div>
      ${v.trump_held
        ? html`<${Svg} class="lb-shown" markup=${cardSvg(cardId(v.shown_card))} label=${t("table.shownTrump", { card: cardName(v.shown_card) })} />`
        : null}
    </div>
  </div>`;
}

/** What the learner answers with: the cards of the hand, or buttons (bids, cantes, choices). */
function Choices({ step, feedback, busy, onAnswer }) {
  const v = step.view;
  const cardMove = step.kind === "move" && v.phase === "play";
  const settled = Boolean(feedback?.right);
  const hand = v.hand.filter((c) => !(settled && c === feedback.answer));
  const cards = html`<div class="learn-hand" data-testid="learn-hand" role="group" aria-label=${t("table.yourHand")}>
    ${hand.map(
      (code) => html`<button key=${code} class=${`card${cardMove && !settled ? " legal" : " static"}`} data-testid=${`learn-card-${code}`}
        disabled=${!cardMove || settled || busy} aria-label=${cardName(code)}
        onClick=${() => onAnswer(code)} dangerouslySetInnerHTML=${{ __html: cardSvg(cardId(code)) }} />`,
    )}
  </div>`;
  if (cardMove) return cards;
  return html`<div>
    ${step.kind === "move" ? cards : null}
    <div class="learn-options actions" data-testid="learn-options">
      ${step.options.map(
        (value) => html`<button key=${value} class="btn" data-testid=${`learn-option-${value}`} disabled=${settled || busy}
          aria-pressed=${String(feedback?.answer === value)} onClick=${() => onAnswer(value)}>${optionLabel(step.kind, value)}</button>`,
      )}
    </div>
  </div>`;
}

/** The verdict: a right answer's "why" and the way on, or a wrong one's reason and hint. */
function Feedback({ lesson, n, feedback, onNext }) {
  const next = useRef(null);
  const right = Boolean(feedback?.right);
  useEffect(() => {
    if (right) next.current?.focus(); // Enter goes on, as the keyboard expects
  }, [right, lesson.id, n]);
  if (!feedback) return html`<div class="learn-feedback" role="status" aria-live="polite"></div>`;
  if (feedback.failed) {
    return html`<div class="learn-feedback bad" role="status" data-testid="learn-feedback" data-result="error">${feedback.failed}</div>`;
  }
  if (feedback.right) {
    return html`<div class="learn-feedback good" role="status" aria-live="polite" data-testid="learn-feedback" data-result="right">
      <strong>${t("tutorial.right")}</strong>
      <p data-testid="learn-why">${t(`tutorial.${lesson.id}.${n}.why`)}</p>
      <button class="btn primary" data-testid="learn-next" ref=${next} onClick=${onNext}>${t("tutorial.next")}</button>
    </div>`;
  }
  return html`<div class="learn-feedback bad" role="status" aria-live="polite" data-testid="learn-feedback" data-result="wrong"
    data-reason=${feedback.reason}>
    <strong>${t("tutorial.wrong")}</strong>
    <p data-testid="learn-reason">${reasonText(feedback)}</p>
    <p class="muted" data-testid="learn-hint">${t(`tutorial.${lesson.id}.${n}.hint`)}</p>
  </div>`;
}
