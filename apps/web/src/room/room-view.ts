import { type Followed, type MatchModel, NOBODY_CONNECTED, seatViews, seatsOf } from "@arena/match";
import type { SeatView } from "@arena/protocol";
import { webGame } from "../games/registry";
import type { AnyWebGame } from "../games/web-game";
import type { Words } from "../i18n/words";
import { nameTags } from "../lib/names";
import { occupantText } from "./room-model";

/** What the room's components read: the followed match, seen by one viewer. */
export interface RoomView {
  readonly model: MatchModel;
  readonly web: AnyWebGame;
  /** Seats as the server describes them, with presence. */
  readonly seats: readonly SeatView[];
  /** Who sits in each seat, as text ("Alice", "Guest · 3fa", "Computer (level 3)"). */
  readonly players: readonly string[];
  /** Short ids for the seated players who share a name (docs/web.md, "Names"). */
  readonly tags: ReadonlyMap<string, string>;
  /** The seats the viewer holds (none for a spectator). */
  readonly mine: readonly number[];
  readonly live: boolean;
  /** The seats to move, while the game is live. */
  readonly toMove: readonly number[];
  /** The viewer's seat that is to move, if any. */
  readonly myTurn: number | undefined;
}

/** @param seatWords a translator over the `seats` namespace, for the seats nobody or a computer holds */
export function roomView(followed: Followed, userId: string | undefined, seatWords: Words): RoomView {
  const { model } = followed;
  const seats = seatViews(model, {
    presence: (seat) => followed.presence[seat] ?? NOBODY_CONNECTED,
    viewers: followed.viewers,
    now: model.lastEventAt,
  });
  const mine = userId === undefined ? [] : seatsOf(model, userId);
  const tags = nameTags(seats.flatMap((seat) => (seat.kind === "human" ? [seat.user] : [])));
  const live = model.status === "live";
  const toMove = live && model.state !== null ? model.game.toMove(model.state) : [];
  return {
    model,
    web: webGame(model.gameId),
    seats,
    players: seats.map((seat) => occupantText(seat, tags, seatWords)),
    tags,
    mine,
    live,
    toMove,
    myTurn: mine.find((seat) => toMove.includes(seat)),
  };
}
