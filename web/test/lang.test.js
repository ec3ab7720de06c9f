import { describe, expect, it } from "vitest";
import { chooseLang } from "../src/i18n.js";

describe("chooseLang", () => {
  it("keeps a stored choice over the browser's languages", () => {
    expect(chooseLang("tr", ["en-US", "en"])).toBe("tr");
  });
  it("takes the first browser language we have, by its primary subtag", () => {
    expect(chooseLang(null, ["de-DE", "pt-BR", "en"])).toBe("pt");
    expect(chooseLang(null, ["th-TH"])).toBe("th");
    expect(chooseLang(null, ["EN_gb"])).toBe("en");
  });
  it("falls back to Spanish for unknown languages or a bad stored value", () => {
    expect(chooseLang(null, ["de", "fr-FR"])).toBe("es");
    expect(chooseLang("xx", [])).toBe("es");
    expect(chooseLang(undefined, undefined)).toBe("es");
  });
});
