import { describe, expect, it, vi } from "vitest";

// the language the page is in, and t() showing its parameters
let current = "es";
vi.mock("../src/i18n.js", () => ({
  lang: () => current,
  t: (key, params = {}) => `${key} ${Object.values(params).join(" ")}`.trim(),
  has: () => false,
}));

const { costText, numberText, percentText, unitText } = await import("../src/analysis-words.js");

describe("the analysis's numbers in the page's language", () => {
  it("writes decimals as each language does, at most two", () => {
    expect(numberText(1.4812, "es")).toBe("1,48");
    expect(numberText(1.4812, "pt")).toBe("1,48");
    expect(numberText(1.4812, "tr")).toBe("1,48");
    expect(numberText(1.4812, "en")).toBe("1.48");
    expect(numberText(1.4812, "th")).toBe("1.48");
    expect(numberText(58, "es")).toBe("58");
    expect(numberText(-0.75, "es")).toBe("-0,75");
  });

  it("writes percentages as each language does", () => {
    expect(percentText(64.9, "en")).toBe("65%");
    expect(percentText(64.9, "tr")).toBe("%65");
    expect(percentText(64.9, "es")).toMatch(/^65\s%$/);
    expect(percentText(null, "es")).toBe("—");
  });

  it("the cost of a decision follows the chosen language", () => {
    current = "es";
    expect(unitText(1.4812, "points")).toBe("analysis.unit.points 1,48");
    const bid = { unit: "match", cost: 4.44, game_points_cost: 0.75 };
    expect(costText(bid)).toBe("analysis.unit.match 4,44 · analysis.unit.game 0,75");
    current = "en";
    expect(costText(bid)).toBe("analysis.unit.match 4.44 · analysis.unit.game 0.75");
  });
});
