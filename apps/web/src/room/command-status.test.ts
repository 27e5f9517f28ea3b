import { describe, expect, it } from "vitest";
import { IDLE, answered, refused, sent } from "./command-status";

const ok = { ok: true } as const;
const no = (message: string) => ({ ok: false, code: "forbidden", message }) as const;

describe("command status", () => {
  it("is busy until every command is answered, and shows the refusal", () => {
    const a = sent(IDLE);
    expect(a.status.inFlight).toBe(1);
    const b = sent(a.status);
    const afterA = answered(b.status, a.seq, no("not your turn"));
    expect(afterA).toMatchObject({ inFlight: 1, refusal: { code: "forbidden", message: "not your turn" } });
    expect(answered(afterA, b.seq, ok)).toMatchObject({ inFlight: 0, refusal: null });
  });

  it("lets the newest command's answer decide what is shown", () => {
    const a = sent(IDLE);
    const b = sent(a.status);
    const newest = answered(b.status, b.seq, no("the seat is taken"));
    // The older command's answer arrives late: it neither hides nor replaces the newer refusal.
    expect(answered(newest, a.seq, ok).refusal?.message).toBe("the seat is taken");
    expect(answered(newest, a.seq, no("stale")).refusal?.message).toBe("the seat is taken");
  });

  it("clears a refusal with the next success and shows the page's own refusals", () => {
    const a = sent(refused(IDLE, { code: "forbidden", message: "pick a seat" }));
    expect(a.status.refusal?.message).toBe("pick a seat");
    expect(answered(a.status, a.seq, ok).refusal).toBeNull();
  });
});
