import { alarmAt, isOver, type MatchModel, seatToMove } from "@arena/match";
import { isCorrespondence, type Notification, type UserId, type UserRef } from "@arena/protocol";

/** A notification and whose inbox it goes to. */
export interface Addressed {
  readonly userId: UserId;
  readonly notification: Notification;
}

function humanAt(model: MatchModel, seat: number | null): UserRef | null {
  const slot = seat === null ? undefined : model.slots[seat];
  return slot?.kind === "human" ? slot.user : null;
}

/** The human players of a match, each once. */
function humans(model: MatchModel): UserRef[] {
  const seen = new Map<string, UserRef>();
  for (const slot of model.slots) if (slot.kind === "human") seen.set(slot.user.id, slot.user);
  return [...seen.values()];
}

/**
 * What a change of a correspondence match tells its players (docs/protocol.md, "Notifications"): whose turn
 * it became, the end, a new draw offer or takeback request. Real-time games tell nothing: their players are
 * at the board. Ids carry the match's version, so the same change told twice (a replay, another process)
 * is one notification.
 */
export function matchNews(before: MatchModel, model: MatchModel): Addressed[] {
  if (!isCorrespondence(model.timeControl)) return [];
  const base = { matchId: model.matchId, gameId: model.gameId, createdAt: model.lastEventAt, read: false };
  const news: Addressed[] = [];
  const toMove = humanAt(model, seatToMove(model));
  const movedBefore = humanAt(before, seatToMove(before));
  // A new turn of someone's: a move passed it on, or the game started with their move.
  if (toMove !== null && (before.status !== "live" || movedBefore?.id !== toMove.id)) {
    const from = movedBefore ?? undefined;
    news.push({
      userId: toMove.id,
      notification: {
        ...base,
        id: `your-turn:${model.matchId}:${model.version}`,
        kind: "your-turn",
        ...(from === undefined ? {} : { from }),
      },
    });
  }
  if (before.status === "live" && isOver(model)) {
    for (const user of humans(before)) {
      news.push({
        userId: user.id,
        notification: { ...base, id: `game-over:${model.matchId}`, kind: "game-over" },
      });
    }
  }
  const asks = [
    ["draw-offer", before.drawOffers, model.drawOffers],
    ["takeback-request", before.takebackAsks, model.takebackAsks],
  ] as const;
  for (const [kind, had, has] of asks) {
    for (const seat of has.filter((s) => !had.includes(s))) {
      const from = humanAt(model, seat);
      if (from === null) continue;
      for (const user of humans(model)) {
        if (user.id === from.id) continue;
        news.push({
          userId: user.id,
          notification: { ...base, id: `${kind}:${model.matchId}:${model.version}`, kind, from },
        });
      }
    }
  }
  return news;
}

/**
 * The running seat's player, told their time runs out (`alarmAt`: a fifth of the period or starting bank
 * left), when the alarm has passed at `now` and the seat still has to move. One per turn: the id carries
 * the number of moves played.
 */
export function timeRunningOut(model: MatchModel, now: number): Addressed | null {
  const clock = model.clock;
  if (model.status !== "live" || clock === null || !isCorrespondence(model.timeControl)) return null;
  const at = alarmAt(clock);
  const seat = seatToMove(model);
  const user = humanAt(model, seat);
  if (at === null || now < at || user === null || clock.running !== seat) return null;
  return {
    userId: user.id,
    notification: {
      id: `time-running-out:${model.matchId}:${model.moves.length}`,
      kind: "time-running-out",
      matchId: model.matchId,
      gameId: model.gameId,
      createdAt: at,
      read: false,
    },
  };
}
