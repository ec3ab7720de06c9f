// Keeping a scrolled list (the game log) at its newest line while the player has not scrolled
// up to read: a pure controller over the list element, so that it can be tested without a
// browser's layout.
//
// Only the player's own scrolling decides whether the list follows. The scroll we make
// ourselves fires a scroll event too, later, and by then a burst of lines (the catch-up after a
// reconnection) may have grown the list below it: that event still shows the scrollTop we set,
// and it must not read as "the player scrolled up".

/** Within this many pixels of the end, the list counts as at its newest line. */
export const NEAR_END = 24;

export function follower() {
  let stick = true;
  let ours = null; // the scrollTop our last scroll left, until the player scrolls elsewhere
  return {
    /** Whether new lines scroll the list (the player is not reading further up). */
    get following() {
      return stick;
    },
    /** After new lines: to the newest, if following. */
    update(el) {
      if (!el || !stick) return;
      el.scrollTop = el.scrollHeight;
      ours = el.scrollTop;
    },
    /** On every scroll event of the list, ours or the player's. */
    onScroll(el) {
      if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END) {
        stick = true;
        ours = el.scrollTop;
      } else if (ours === null || Math.abs(el.scrollTop - ours) > 1) {
        stick = false; // the player scrolled up to read
        ours = null;
      }
      // else: the event of our own scroll, with lines added since: still following
    },
  };
}
