"use client";

import type { LobbyChange, LobbyCursor, LobbyStatus, RoomSummary, SeatView, UserRef } from "@arena/protocol";
import { applyLobbyChange } from "@arena/protocol/values";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Fragment, useEffect, useMemo, useState } from "react";
import { failureText } from "../i18n/errors";
import { formatTimeControl } from "../lib/clock";
import { labelOf, nameTags } from "../lib/names";
import { useArena } from "../net/arena-context";
import { PlayerName } from "../ui/player-name";
import { ratingLabel } from "../net/players-api";
import { useRatings } from "../net/use-ratings";

/** The host's name, with their rating in the room's pool and a link to their profile when they have one. */
function HostName({ room, tags }: { room: RoomSummary; tags: ReadonlyMap<string, string> }) {
  const rating = useRatings(room.gameId, room.timeControl, [room.host.id])[room.host.id];
  const name = <PlayerName label={labelOf(room.host, tags)} />;
  if (rating === undefined) return name;
  return (
    <>
      <Link href={`/@/${encodeURIComponent(room.host.name)}`}>{name}</Link>{" "}
      <span className="rating" data-testid="host-rating">
        ({ratingLabel(rating)})
      </span>
    </>
  );
}

/** Rooms per page of each list (the server sends at most this many, and only changes to them). */
export const LOBBY_PAGE_SIZE = 10;

function SeatText({ seat, tags }: { seat: SeatView; tags: ReadonlyMap<string, string> }) {
  const t = useTranslations("rooms");
  switch (seat.kind) {
    case "open":
      return t("seatOpen");
    case "invite":
      return seat.invitee === undefined ? t("seatInvite") : t("seatInvited", { name: seat.invitee.name });
    case "ai":
      return t("seatAi", { level: seat.level });
    case "human":
      return <PlayerName label={labelOf(seat.user, tags)} />;
  }
}

/** The seats of a room, `between` each two. */
function SeatList({
  seats,
  between,
  tags,
}: {
  seats: readonly SeatView[];
  between: string;
  tags: ReadonlyMap<string, string>;
}) {
  return (
    <>
      {seats.map((seat, i) => (
        <Fragment key={seat.seat}>
          {i > 0 && between}
          <SeatText seat={seat} tags={tags} />
        </Fragment>
      ))}
    </>
  );
}

/** Short ids for the names two users share on a page of the lobby: hosts and seated players (docs/web.md, "Names"). */
function useNameTags(rooms: readonly RoomSummary[]): ReadonlyMap<string, string> {
  return useMemo(
    () =>
      nameTags(
        rooms.flatMap((room): UserRef[] => [
          room.host,
          ...room.seats.flatMap((seat) => (seat.kind === "human" ? [seat.user] : [])),
        ]),
      ),
    [rooms],
  );
}

interface LobbyPageState {
  readonly rooms: readonly RoomSummary[];
  readonly next: LobbyCursor | null;
  readonly total: number;
  readonly loaded: boolean;
}

const NOT_LOADED: LobbyPageState = { rooms: [], next: null, total: 0, loaded: false };

/**
 * One page of one list of the lobby (docs/protocol.md, "Lobby"): the `lobby:subscribe` ack, then the
 * changes the server pushes for that page. Changes that arrive before the ack belong to the page shown
 * before and are dropped (the ack carries the page as it is then).
 */
function useLobbyPage(status: LobbyStatus, gameId: string | null, after: LobbyCursor | null): LobbyPageState {
  const { client, state, connectCount } = useArena();
  const [page, setPage] = useState<LobbyPageState>(NOT_LOADED);
  useEffect(() => {
    if (client === null || state !== "connected") return;
    const socket = client.socket;
    let subscribed = false;
    let gone = false;
    const onChanged = (change: LobbyChange) => {
      if (change.view !== status || !subscribed) return;
      setPage((shown) => ({
        rooms: applyLobbyChange(shown.rooms, change),
        next: change.next,
        total: change.total,
        loaded: true,
      }));
    };
    socket.on("lobby:changed", onChanged);
    void client
      .request("lobby:subscribe", {
        status,
        limit: LOBBY_PAGE_SIZE,
        ...(gameId === null ? {} : { gameId }),
        ...(after === null ? {} : { after }),
      })
      .then((ack) => {
        if (gone || !ack.ok) return;
        subscribed = true;
        setPage({ rooms: ack.rooms, next: ack.next, total: ack.total, loaded: true });
      });
    return () => {
      gone = true;
      socket.off("lobby:changed", onChanged);
      void client.request("lobby:unsubscribe", { view: status });
    };
  }, [client, state, connectCount, status, gameId, after]);
  return page;
}

/** Cursor paging: the cursors of the pages before this one, newest first at the end. */
function usePager(): {
  readonly after: LobbyCursor | null;
  readonly number: number;
  readonly older: (next: LobbyCursor) => void;
  readonly newer: () => void;
} {
  const [stack, setStack] = useState<readonly LobbyCursor[]>([]);
  return {
    after: stack.at(-1) ?? null,
    number: stack.length + 1,
    older: (next) => setStack((cursors) => [...cursors, next]),
    newer: () => setStack((cursors) => cursors.slice(0, -1)),
  };
}

function Pager({
  label,
  page,
  pager,
}: {
  label: string;
  page: LobbyPageState;
  pager: ReturnType<typeof usePager>;
}) {
  const t = useTranslations("rooms");
  const common = useTranslations("common");
  if (pager.number === 1 && page.next === null) return null;
  return (
    <nav className="pager" aria-label={t("pages", { list: label })}>
      <button type="button" className="btn small" disabled={pager.number === 1} onClick={pager.newer}>
        {common("newer")}
      </button>
      <span className="muted">{t("page", { number: pager.number, total: page.total })}</span>
      <button
        type="button"
        className="btn small"
        disabled={page.next === null}
        onClick={() => {
          if (page.next !== null) pager.older(page.next);
        }}
      >
        {common("older")}
      </button>
    </nav>
  );
}

function OpenGames({
  filter,
  titleOf,
}: {
  filter: string | null;
  titleOf: (gameId: string, options?: unknown) => string;
}) {
  const pager = usePager();
  const page = useLobbyPage("waiting", filter, pager.after);
  const tags = useNameTags(page.rooms);
  const t = useTranslations("rooms");
  const common = useTranslations("common");
  const lobby = useTranslations("lobby");
  if (!page.loaded) return <p className="muted">{common("loading")}</p>;
  return (
    <>
      {page.rooms.length === 0 ? (
        <p className="muted">{pager.number === 1 ? t("noOpen") : t("noMoreOpen")}</p>
      ) : (
        <table className="room-table" aria-label={lobby("openGames")}>
          <thead>
            <tr>
              <th className="col-game">{common("game")}</th>
              <th className="col-time">{t("time")}</th>
              <th className="col-host">{t("host")}</th>
              <th>{t("seats")}</th>
              <th className="col-action" />
            </tr>
          </thead>
          <tbody>
            {page.rooms.map((room) => (
              <tr key={room.matchId} data-match={room.matchId}>
                <td>
                  {/* The room's name opens it to look first, with its "Sit here" buttons. */}
                  <Link href={`/play/${encodeURIComponent(room.matchId)}`} data-testid="look">
                    {titleOf(room.gameId, room.options)}
                  </Link>
                  {room.start !== null && (
                    <div className="muted" data-testid="room-start">
                      {common("chosenStart", { start: room.start })}
                    </div>
                  )}
                </td>
                <td>
                  {formatTimeControl(room.timeControl)}
                  {room.rated ? ` · ${common("rated")}` : ""}
                </td>
                <td className="col-host">
                  <HostName room={room} tags={tags} />
                </td>
                <td>
                  <SeatList seats={room.seats} between=" · " tags={tags} />{" "}
                  {t("free", { count: room.openSeats })}
                </td>
                <td>
                  {/* Join takes the first open seat as the room opens (docs/web.md, "My games"). */}
                  <Link
                    className="btn small"
                    href={`/play/${encodeURIComponent(room.matchId)}?sit=open`}
                    data-testid="join"
                  >
                    {t("join")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label={lobby("openGames")} page={page} pager={pager} />
    </>
  );
}

function LiveGames({
  filter,
  titleOf,
}: {
  filter: string | null;
  titleOf: (gameId: string, options?: unknown) => string;
}) {
  const pager = usePager();
  const page = useLobbyPage("live", filter, pager.after);
  const tags = useNameTags(page.rooms);
  const t = useTranslations("rooms");
  const common = useTranslations("common");
  if (!page.loaded) return null;
  return (
    <>
      {page.rooms.length === 0 ? (
        <p className="muted">{pager.number === 1 ? t("noLive") : t("noMoreLive")}</p>
      ) : (
        <table className="room-table" aria-label={t("liveGames")}>
          <thead>
            <tr>
              <th className="col-game">{common("game")}</th>
              <th>{t("players")}</th>
              <th className="col-time">{t("time")}</th>
              <th className="col-viewers">{t("viewers")}</th>
              <th className="col-action" />
            </tr>
          </thead>
          <tbody>
            {page.rooms.map((room) => (
              <tr key={room.matchId} data-match={room.matchId}>
                <td>{titleOf(room.gameId, room.options)}</td>
                <td>
                  <SeatList seats={room.seats} between={t("versus")} tags={tags} />
                </td>
                <td>{formatTimeControl(room.timeControl)}</td>
                <td>{room.viewers}</td>
                <td>
                  <Link className="btn small" href={`/play/${encodeURIComponent(room.matchId)}`}>
                    {t("watch")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label={t("liveGames")} page={page} pager={pager} />
    </>
  );
}

/**
 * Open games to join and live games to watch, of one game (`filter`) or all: two lists, each paged on the
 * server (a page at a time, newest first) and kept up to date by it.
 */
export function RoomLists({
  filter,
  titleOf,
}: {
  filter: string | null;
  titleOf: (gameId: string, options?: unknown) => string;
}) {
  const { state, refusal } = useArena();
  const t = useTranslations("rooms");
  const errors = useTranslations("errors");
  const locale = useLocale();
  if (state !== "connected") {
    return (
      <p className="muted" data-testid="lobby-offline">
        {refusal === null ? t("offline") : failureText(errors, locale, { code: "quota", message: refusal })}
      </p>
    );
  }
  // A new filter starts both lists again from their first page.
  return (
    <>
      <OpenGames key={`open:${filter ?? ""}`} filter={filter} titleOf={titleOf} />
      <h2>{t("liveGames")}</h2>
      <LiveGames key={`live:${filter ?? ""}`} filter={filter} titleOf={titleOf} />
    </>
  );
}
