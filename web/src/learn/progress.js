// The tutorial's progress, kept in localStorage (`cuatrola.tutorial`): the lessons completed
// and where the learner stands. Pure helpers plus a load and a save; nothing here knows a rule.

const KEY = "cuatrola.tutorial";

/** A fresh progress: nothing done, at the first step of the first lesson. */
export function emptyProgress() {
  return { done: [], lesson: 0, step: 0 };
}

/**
 * How the progress names a completed lesson: its id, with `@revision` from revision 2 on (a
 * completion of an earlier revision, which taught less, no longer counts as done).
 */
export function doneKey(lesson) {
  return lesson.revision > 1 ? `${lesson.id}@${lesson.revision}` : lesson.id;
}

/** Whether `lesson` (its current revision) is completed in `progress`. */
export function isDone(progress, lesson) {
  return progress.done.includes(doneKey(lesson));
}

/** Read a stored progress, made safe for `lessons` (a list of {id, revision, steps}): bad data starts over. */
export function parseProgress(text, lessons) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return emptyProgress();
  }
  if (!data || typeof data !== "object") return emptyProgress();
  const keys = lessons.map(doneKey);
  const done = Array.isArray(data.done) ? keys.filter((key) => data.done.includes(key)) : [];
  const lesson = Number.isInteger(data.lesson) && data.lesson >= 0 && data.lesson <= lessons.length ? data.lesson : 0;
  const steps = lessons[lesson]?.steps.length ?? 0;
  const step = Number.isInteger(data.step) && data.step >= 0 && data.step < steps ? data.step : 0;
  return { done, lesson, step };
}

/**
 * The progress after a right answer has been read and the learner goes on: the next step, or
 * the next lesson (this one marked done). `lesson` equal to the number of lessons: all done.
 */
export function advance(progress, lessons) {
  const current = lessons[progress.lesson];
  if (!current) return progress;
  if (progress.step + 1 < current.steps.length) return { ...progress, step: progress.step + 1 };
  const key = doneKey(current);
  const done = progress.done.includes(key) ? progress.done : [...progress.done, key];
  return { done, lesson: progress.lesson + 1, step: 0 };
}

/** Open lesson `index` at its first step (any lesson may be taken in any order). */
export function openLesson(progress, index) {
  return { ...progress, lesson: index, step: 0 };
}

export function loadProgress(lessons) {
  try {
    const text = localStorage.getItem(KEY);
    return text ? parseProgress(text, lessons) : emptyProgress();
  } catch {
    return emptyProgress();
  }
}

export function saveProgress(progress) {
  try {
    localStorage.setItem(KEY, JSON.stringify(progress));
  } catch {
    // storage disabled: the progress lasts for this page only
  }
}
