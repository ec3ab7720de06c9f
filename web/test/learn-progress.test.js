import { describe, expect, it } from "vitest";
import { advance, emptyProgress, isDone, openLesson, parseProgress } from "../src/learn/progress.js";

const LESSONS = [
  { id: "follow", steps: [{}] },
  { id: "points", steps: [{}, {}] },
  { id: "exact11", steps: [{}] },
];

describe("tutorial progress", () => {
  it("counts a lesson done only for the revision completed", () => {
    const lessons = [{ id: "follow", revision: 1, steps: [{}] }, { id: "beat", revision: 2, steps: [{}, {}] }];
    // completed before "beat" came to teach more: to do again; "follow" stays done
    const old = parseProgress(JSON.stringify({ done: ["follow", "beat"], lesson: 2, step: 0 }), lessons);
    expect(old.done).toEqual(["follow"]);
    expect(isDone(old, lessons[0])).toBe(true);
    expect(isDone(old, lessons[1])).toBe(false);
    // completing it now stores its revision, which reads back as done
    const now = advance(advance({ ...old, lesson: 1, step: 0 }, lessons), lessons);
    expect(now.done).toEqual(["follow", "beat@2"]);
    expect(isDone(parseProgress(JSON.stringify(now), lessons), lessons[1])).toBe(true);
  });
  it("goes step by step, marking each lesson done when its last step is read", () => {
    let p = emptyProgress();
    p = advance(p, LESSONS);
    expect(p).toEqual({ done: ["follow"], lesson: 1, step: 0 });
    p = advance(p, LESSONS);
    expect(p).toEqual({ done: ["follow"], lesson: 1, step: 1 });
    p = advance(advance(p, LESSONS), LESSONS);
    expect(p).toEqual({ done: ["follow", "points", "exact11"], lesson: 3, step: 0 });
    // past the end nothing changes
    expect(advance(p, LESSONS)).toBe(p);
  });
  it("opens any lesson at its first step and keeps what is done", () => {
    const p = openLesson({ done: ["follow"], lesson: 1, step: 1 }, 0);
    expect(p).toEqual({ done: ["follow"], lesson: 0, step: 0 });
    expect(advance(p, LESSONS).done).toEqual(["follow"]);
  });
  it("reads back what it stored and starts over on bad data", () => {
    const stored = JSON.stringify({ done: ["points", "gone"], lesson: 1, step: 1 });
    expect(parseProgress(stored, LESSONS)).toEqual({ done: ["points"], lesson: 1, step: 1 });
    expect(parseProgress("{not json", LESSONS)).toEqual(emptyProgress());
    expect(parseProgress("null", LESSONS)).toEqual(emptyProgress());
    expect(parseProgress(JSON.stringify({ done: "x", lesson: 9, step: 4 }), LESSONS)).toEqual(emptyProgress());
    expect(parseProgress(JSON.stringify({ done: [], lesson: 0, step: 3 }), LESSONS)).toEqual({ done: [], lesson: 0, step: 0 });
  });
});
