import { asMatchId, asUserId, type FollowedPlayer } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { withStatus } from "./use-follows";

const player = (id: string, online: boolean): FollowedPlayer => ({
  id: asUserId(id),
  name: id,
  online,
  playing: null,
});

describe("a followed player's pushed status", () => {
  it("replaces that player's entry only, and adds nobody who is not followed", () => {
    const held = [player("u_a", false), player("u_b", false)];
    const news = { ...player("u_b", true), playing: asMatchId("m_1") };
    expect(withStatus(held, news)).toEqual([held[0], news]);
    expect(withStatus(held, player("u_c", true))).toEqual(held);
    expect(withStatus(null, news)).toBeNull();
  });
});
