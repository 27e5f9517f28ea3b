import { berserk, berserkRefusal, type BerserkRefusal } from "@arena/match";
import { type Deciders, refuse } from "./types.js";
import { livePlayer } from "./play.js";

const WHY: { readonly [R in BerserkRefusal]: string } = {
  "berserk-not-allowed": "only a player in an arena that allows berserk may",
  "berserk-too-late": "berserk only before your first move",
  "already-berserk": "you have berserked already",
};

/** A tournament player berserks (docs/tournaments.md, "Berserk"): half their time, no increment. */
export const BERSERK_DECIDERS: Deciders<"berserk"> = {
  berserk(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    const refusal = berserkRefusal(model, player.seat);
    if (refusal !== null) return refuse(refusal, WHY[refusal]);
    return { events: [{ type: "berserked", seat: player.seat, clock: berserk(player.clock, player.seat) }] };
  },
};
