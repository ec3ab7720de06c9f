import { describe, expect, it } from "vitest";
import { h, render } from "preact";
import { Avatar, avatarColor, contrastWithWhite, initials, nameHash } from "../src/avatar.js";

const rgbOf = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe("initials", () => {
  it("takes the first letters of the first two words", () => {
    expect(initials("Ana María López")).toBe("AM");
    expect(initials("juan_pe")).toBe("JP");
    expect(initials("  marta  ")).toBe("M");
  });
  it("keeps a letter with its accents and skips Thai leading vowels", () => {
    expect(initials("Íñigo")).toBe("Í");
    expect(initials("e\u0301lia")).toBe("É"); // a combining accent stays with its letter
    expect(initials("เมย์")).toBe("ม");
    expect(initials("สมชาย")).toBe("ส");
  });
  it("gives a mark for an empty name", () => {
    expect(initials("")).toBe("?");
    expect(initials(null)).toBe("?");
  });
});

describe("avatarColor", () => {
  it("is the same for the same name, whatever its case or spacing", () => {
    expect(avatarColor("Ana")).toBe(avatarColor("ana"));
    expect(avatarColor(" Ana ")).toBe(avatarColor("Ana"));
    expect(nameHash("Ana")).toBe(nameHash("ANA"));
  });
  it("spreads different names over different colours", () => {
    const names = ["Ana", "Bea", "Ciro", "Dani", "Eva", "Fede", "Gala", "Hugo", "Ines", "Julia", "Kai", "Luis"];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThanOrEqual(10);
  });
  it("always leaves white initials readable (contrast at least 4.5:1)", () => {
    for (let i = 0; i < 2000; i++) {
      const color = avatarColor(`player-${i}`);
      expect(color).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastWithWhite(rgbOf(color))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("Avatar", () => {
  it("draws the initials on the name's colour, hidden from screen readers", () => {
    const root = document.createElement("div");
    render(h(Avatar, { name: "<b>Ana</b> Ruiz", size: 40 }), root);
    const svg = root.querySelector("svg");
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    expect(svg.getAttribute("width")).toBe("40");
    expect(svg.querySelector("text").textContent).toBe("<R");
    expect(root.querySelector("b")).toBeNull(); // a name is text, never markup
    expect(svg.querySelector("circle").getAttribute("fill")).toBe(avatarColor("<b>Ana</b> Ruiz"));
  });
  it("draws a computer for a computer player, whatever its translated name", () => {
    const a = document.createElement("div");
    const b = document.createElement("div");
    render(h(Avatar, { name: "Ordenador (medio)", bot: true }), a);
    render(h(Avatar, { name: "Computer (medium)", bot: true }), b);
    expect(a.querySelector("svg").dataset.bot).toBe("true");
    expect(a.innerHTML).toBe(b.innerHTML);
    expect(a.querySelector("text")).toBeNull();
  });
});
