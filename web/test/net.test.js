import { afterEach, describe, expect, it, vi } from "vitest";
import { Connection } from "../src/net.js";

/** A connection that is open, with what it sends written down (decoded). */
function openConnection() {
  const connection = new Connection("token");
  const sent = [];
  connection.ws = { readyState: WebSocket.OPEN, send: (text) => sent.push(JSON.parse(text)), close() {} };
  connection.status = "open";
  return { connection, sent };
}

afterEach(() => vi.useRealTimers());

describe("commands answered unavailable", () => {
  it("are sent again with the same id until they are answered", async () => {
    vi.useFakeTimers();
    const { connection, sent } = openConnection();
    const answer = connection.command("subscribe", { table: "t-1" });
    expect(sent).toHaveLength(1);
    connection.handle({ type: "error", id: sent[0].id, code: "unavailable", message: "moving" });
    expect(sent).toHaveLength(1); // not at once
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    connection.handle({ type: "ack", id: sent[0].id, table: "t-1" });
    await expect(answer).resolves.toMatchObject({ table: "t-1" });
  });

  it("fail once the server has said so for thirty seconds", async () => {
    vi.useFakeTimers();
    const { connection, sent } = openConnection();
    const answer = connection.command("act", { table: "t-1", action: "pass" });
    const failed = expect(answer).rejects.toMatchObject({ code: "unavailable" });
    for (let i = 0; i <= 30; i += 1) {
      connection.handle({ type: "error", id: sent[0].id, code: "unavailable", message: "down" });
      vi.advanceTimersByTime(1000);
    }
    await failed;
    expect(sent).toHaveLength(31);
  });

  it("other refusals fail at once", async () => {
    const { connection, sent } = openConnection();
    const answer = connection.command("act", { table: "t-1", action: "pass" });
    connection.handle({ type: "error", id: sent[0].id, code: "not_your_turn", message: "wait" });
    await expect(answer).rejects.toMatchObject({ code: "not_your_turn" });
  });
});

describe("the quick match queue", () => {
  it("is joined again after a reconnection, and not once seated", () => {
    const { connection, sent } = openConnection();
    connection.handle({ type: "queue", on: true, waiting: 1, fill_in: 20 });
    connection.handle({ type: "welcome", user: { id: "u", name: "Ana" } });
    const [queued] = sent.filter((m) => m.type === "quick_match");
    expect(queued).toMatchObject({ on: true });
    connection.handle({ type: "ack", id: queued.id });
    connection.handle({ type: "seated", table: "t-1", seat: 0 });
    sent.length = 0;
    connection.handle({ type: "welcome", user: { id: "u", name: "Ana" } });
    expect(sent.filter((m) => m.type === "quick_match")).toEqual([]);
    clearInterval(connection.pingTimer);
  });
});
