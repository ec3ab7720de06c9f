import { describe, expect, it } from "vitest";
import { follower } from "../src/table/follow.js";

// a scrolled list as the browser keeps it: scrollTop clamped to what the content allows
function list(lines, height = 200, lineHeight = 20) {
  let top = 0;
  return {
    lines,
    clientHeight: height,
    get scrollHeight() {
      return this.lines * lineHeight;
    },
    get scrollTop() {
      return top;
    },
    set scrollTop(v) {
      top = Math.max(0, Math.min(v, this.scrollHeight - this.clientHeight));
    },
  };
}
const atEnd = (el) => el.scrollHeight - el.scrollTop - el.clientHeight < 1;

describe("the game log follows its newest line", () => {
  it("keeps following when a burst of lines comes before its own scroll's event", () => {
    const el = list(20);
    const f = follower();
    f.update(el);
    expect(atEnd(el)).toBe(true);
    // the catch-up after a reconnection: lines added before our scroll's event arrives
    el.lines += 30;
    f.onScroll(el); // the (late) event of our own scroll
    expect(f.following).toBe(true);
    f.update(el);
    expect(atEnd(el)).toBe(true);
    for (let i = 0; i < 50; i += 1) {
      el.lines += 1;
      f.update(el);
      if (i % 3 === 0) f.onScroll(el);
    }
    expect(atEnd(el)).toBe(true);
  });

  it("stops while the player reads further up and follows again at the end", () => {
    const el = list(40);
    const f = follower();
    f.update(el);
    el.scrollTop = 100; // the player scrolls up
    f.onScroll(el);
    expect(f.following).toBe(false);
    el.lines += 5;
    f.update(el);
    expect(el.scrollTop).toBe(100);
    el.scrollTop = el.scrollHeight; // and back down
    f.onScroll(el);
    expect(f.following).toBe(true);
    el.lines += 5;
    f.update(el);
    expect(atEnd(el)).toBe(true);
  });
});
