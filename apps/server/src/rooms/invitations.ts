import { excerpt } from "@arena/engine";
import { type MatchModel } from "@arena/match";
import { failure, type Failure, type SeatRequest, type SeatSpec, type UserRef } from "@arena/protocol";
import { botNotRated } from "../ratings/eligibility.js";

/** What an invitation needs to know of a named account. */
export interface InviteeRecord {
  readonly id: UserRef["id"];
  readonly name: string;
  readonly bot: boolean;
}

/**
 * The seats a host asked for, with each invitation by name resolved to its account (docs/protocol.md,
 * "Invitations by name"): an unknown name is refused `not-found`, a bot in a rated room
 * `not-rated-eligible` (bots never play rated games against people).
 */
export async function resolveInvitations(
  seats: readonly SeatRequest[],
  rated: boolean,
  lookup: (name: string) => Promise<InviteeRecord | null>,
): Promise<{ readonly ok: true; readonly seats: SeatSpec[] } | Failure> {
  const resolved: SeatSpec[] = [];
  for (const seat of seats) {
    if (seat.kind !== "invite" || seat.name === undefined) {
      resolved.push(seat.kind === "invite" ? { kind: "invite" } : seat);
      continue;
    }
    const account = await lookup(seat.name);
    if (account === null) return failure("not-found", `no account is named '${excerpt(seat.name)}'`);
    if (rated && account.bot) return botNotRated();
    resolved.push({ kind: "invite", invitee: { id: account.id, name: account.name } });
  }
  return { ok: true, seats: resolved };
}

/** The seat of `model` that invites `invitee` by name and is still waiting for them, or null. */
export function pendingSeat(model: MatchModel, invitee: UserRef["id"]): number | null {
  const seat = model.slots.findIndex((slot) => slot.kind === "invite" && slot.invitee?.id === invitee);
  return seat === -1 ? null : seat;
}

/**
 * Whether `room:invite` would send news: the host of a waiting room invites an account not invited there
 * yet. Only such an invitation counts against the inviter's and the invitee's rates (a refused or repeated
 * one tells nobody, so nobody can spend another's allowance with it); the decider judges it all again.
 */
export function invitationIsNews(model: MatchModel, inviter: UserRef["id"], invitee: UserRef["id"]): boolean {
  return model.status === "waiting" && model.host.id === inviter && pendingSeat(model, invitee) === null;
}
