import { describe, expect, it } from "vitest";
import { parseRoute, playerHref, replayHref } from "../src/router.js";

describe("parseRoute", () => {
  it("names every screen", () => {
    expect(parseRoute("")).toEqual({ name: "lobby" });
    expect(parseRoute("#/")).toEqual({ name: "lobby" });
    expect(parseRoute("#/t/t-3f9a2c")).toEqual({ name: "table", id: "t-3f9a2c" });
    expect(parseRoute("#/join/K7Q2MX")).toEqual({ name: "join", code: "K7Q2MX" });
    expect(parseRoute("#/leaderboard")).toEqual({ name: "leaderboard" });
    expect(parseRoute("#/history")).toEqual({ name: "history" });
    expect(parseRoute("#/learn")).toEqual({ name: "learn" });
    expect(parseRoute("#/rules")).toEqual({ name: "rules" });
    expect(parseRoute("#/replay/t-3f9a2c-1")).toEqual({ name: "replay", id: "t-3f9a2c-1" });
    expect(parseRoute("#/player/cDMCuFO6TiF40xDxYlt0Iw")).toEqual({ name: "player", id: "cDMCuFO6TiF40xDxYlt0Iw" });
  });
  it("sends anything unknown or malformed to the lobby", () => {
    expect(parseRoute("#/nowhere")).toEqual({ name: "lobby" });
    expect(parseRoute("#/player/<script>")).toEqual({ name: "lobby" });
    expect(parseRoute("#/t/")).toEqual({ name: "lobby" });
  });
  it("round-trips the links it builds", () => {
    expect(parseRoute(replayHref("t-1 2"))).toEqual({ name: "replay", id: "t-1 2" });
    expect(parseRoute(playerHref("u-8f2c"))).toEqual({ name: "player", id: "u-8f2c" });
    expect(parseRoute("#/replay/%E0%A4%A")).toEqual({ name: "replay", id: "%E0%A4%A" });
  });
});
