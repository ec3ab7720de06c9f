import { afterEach, describe, expect, it } from "vitest";
import { cardCode, cardId, cardSvg, getIndexStyle, rankIndex, setIndexStyle } from "../src/cards.js";

const texts = (svg) =>
  [...new DOMParser().parseFromString(svg, "image/svg+xml").querySelectorAll("text")].map((t) => t.textContent);

afterEach(() => setIndexStyle("letters"));

describe("the deck", () => {
  it("has twenty distinct faces and a back, each code round-tripping", () => {
    const all = [];
    for (let id = 0; id < 20; id++) {
      expect(cardId(cardCode(id))).toBe(id);
      all.push(cardSvg(id));
    }
    all.push(cardSvg(null));
    expect(new Set(all).size).toBe(21);
    expect(texts(cardSvg(null))).toEqual([]);
  });

  it("carries only the letter index by default, top-left and bottom-right", () => {
    for (let id = 0; id < 20; id++) {
      const letter = cardCode(id)[0];
      expect(texts(cardSvg(id))).toEqual([letter, letter]);
    }
  });

  it("carries the traditional numbers 1 3 12 11 10 when chosen", () => {
    setIndexStyle("numbers");
    expect(getIndexStyle()).toBe("numbers");
    const want = { A: "1", 3: "3", R: "12", C: "11", S: "10" };
    for (let id = 0; id < 20; id++) {
      const number = want[cardCode(id)[0]];
      expect(rankIndex(id)).toBe(number);
      expect(texts(cardSvg(id))).toEqual([number, number]);
    }
    setIndexStyle("letters");
    expect(texts(cardSvg(cardId("RO")))).toEqual(["R", "R"]);
  });

  it("ignores an unknown index style", () => {
    setIndexStyle("roman");
    expect(getIndexStyle()).toBe("letters");
  });

  it("draws each figure differently in every suit, beyond the colour", () => {
    // strip the colours: what is left (shapes and positions) must still differ per suit
    const shape = (svg) => svg.replace(/#[0-9a-f]{6}/gi, "").replace(/<text[^>]*>[^<]*<\/text>/g, "");
    for (const rank of ["R", "C", "S"]) {
      const faces = ["O", "C", "E", "B"].map((suit) => shape(cardSvg(cardId(rank + suit))));
      expect(new Set(faces).size).toBe(4);
    }
  });
});
