"use client";

import { TIME_PRESETS, type RoomSummary, type SeatView } from "@arena/protocol";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { GAME_TITLES, WEB_GAME_IDS, isWebGameId, maxAiLevel, type WebGameId } from "../games/engines";
import { formatTimeControl } from "../lib/clock";
import { useArena } from "../net/arena-context";
import {
  CUSTOM_TIME,
  OPTION_FIELDS,
  QUICK_GAMES,
  createPayload,
  defaultForm,
  fitSeats,
  type CreateForm,
  type SeatChoice,
} from "./create-model";

function gameTitle(id: string): string {
  return isWebGameId(id) ? GAME_TITLES[id] : id;
}

export function seatText(seat: SeatView): string {
  switch (seat.kind) {
    case "open":
      return "open";
    case "invite":
      return "invite only";
    case "ai":
      return `AI level ${seat.level}`;
    case "human":
      return seat.user.name;
  }
}

function useLobbyRooms(): { rooms: RoomSummary[]; loaded: boolean } {
  const { client, state, connectCount } = useArena();
  const [rooms, setRooms] = useState<RoomSummary[]>([]);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (client === null || state !== "connected") return;
    const socket = client.socket;
    const onRooms = ({ rooms: list }: { rooms: readonly RoomSummary[] }) => setRooms([...list]);
    const onUpdated = ({ room }: { room: RoomSummary }) =>
      setRooms((list) => {
        const i = list.findIndex((r) => r.matchId === room.matchId);
        if (i < 0) return [room, ...list];
        const next = [...list];
        next[i] = room;
        return next;
      });
    const onRemoved = ({ matchId }: { matchId: string }) =>
      setRooms((list) => list.filter((r) => r.matchId !== matchId));
    socket.on("lobby:rooms", onRooms);
    socket.on("lobby:room-updated", onUpdated);
    socket.on("lobby:room-removed", onRemoved);
    void client.request("lobby:subscribe", {}).then((ack) => {
      if (ack.ok) {
        setRooms([...ack.rooms]);
        setLoaded(true);
      }
    });
    return () => {
      socket.off("lobby:rooms", onRooms);
      socket.off("lobby:room-updated", onUpdated);
      socket.off("lobby:room-removed", onRemoved);
      void client.request("lobby:unsubscribe", {});
    };
  }, [client, state, connectCount]);
  return { rooms, loaded };
}

export function Lobby() {
  const { client, state } = useArena();
  const router = useRouter();
  const { rooms, loaded } = useLobbyRooms();
  const [filter, setFilter] = useState<WebGameId | "all">("all");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async (form: CreateForm) => {
    if (client === null) return;
    const built = createPayload(form);
    if (!built.ok) {
      setError(built.message);
      return;
    }
    setBusy(true);
    setError(null);
    const ack = await client.request("room:create", built.payload);
    setBusy(false);
    if (!ack.ok) {
      setError(ack.message);
      return;
    }
    router.push(`/play/${encodeURIComponent(ack.matchId)}`);
  };

  const shown = rooms.filter((r) => filter === "all" || r.gameId === filter);
  const open = shown.filter((r) => r.status === "waiting");
  const live = shown.filter((r) => r.status === "live");

  return (
    <div className="lobby">
      <section className="panel quick" aria-labelledby="quick-title">
        <h2 id="quick-title">Play the computer</h2>
        <div className="quick-buttons">
          {QUICK_GAMES.map((q) => (
            <button
              key={q.label}
              type="button"
              className="btn primary"
              disabled={state !== "connected" || busy}
              onClick={() => void create(q.form)}
            >
              {q.label}
            </button>
          ))}
        </div>
        {error !== null && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </section>

      <section className="panel rooms" aria-labelledby="rooms-title">
        <div className="panel-head">
          <h2 id="rooms-title">Open games</h2>
          <label className="filter">
            Game{" "}
            <select
              aria-label="Filter by game"
              value={filter}
              onChange={(e) => setFilter(isWebGameId(e.target.value) ? e.target.value : "all")}
            >
              <option value="all">All games</option>
              {WEB_GAME_IDS.map((id) => (
                <option key={id} value={id}>
                  {GAME_TITLES[id]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {state !== "connected" ? (
          <p className="muted" data-testid="lobby-offline">
            The game server is not reachable yet; the list appears when it is.
          </p>
        ) : !loaded ? (
          <p className="muted">Loading…</p>
        ) : open.length === 0 ? (
          <p className="muted">No open games. Create one!</p>
        ) : (
          <table className="room-table" aria-label="Open games">
            <thead>
              <tr>
                <th>Game</th>
                <th>Time</th>
                <th>Host</th>
                <th>Seats</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {open.map((room) => (
                <tr key={room.matchId} data-match={room.matchId}>
                  <td>{gameTitle(room.gameId)}</td>
                  <td>{formatTimeControl(room.timeControl)}</td>
                  <td>{room.host.name}</td>
                  <td>
                    {room.seats.map(seatText).join(" · ")} ({room.openSeats} free)
                  </td>
                  <td>
                    <Link className="btn small" href={`/play/${encodeURIComponent(room.matchId)}`}>
                      Join
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h2>Live games</h2>
        {live.length === 0 ? (
          <p className="muted">Nothing live right now.</p>
        ) : (
          <table className="room-table" aria-label="Live games">
            <thead>
              <tr>
                <th>Game</th>
                <th>Players</th>
                <th>Time</th>
                <th>Viewers</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {live.map((room) => (
                <tr key={room.matchId} data-match={room.matchId}>
                  <td>{gameTitle(room.gameId)}</td>
                  <td>{room.seats.map(seatText).join(" vs ")}</td>
                  <td>{formatTimeControl(room.timeControl)}</td>
                  <td>{room.viewers}</td>
                  <td>
                    <Link className="btn small" href={`/play/${encodeURIComponent(room.matchId)}`}>
                      Watch
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <CreateGame disabled={state !== "connected" || busy} onCreate={(form) => void create(form)} />
    </div>
  );
}

const SEAT_CHOICES: readonly { value: SeatChoice; label: string }[] = [
  { value: "me", label: "Me" },
  { value: "open", label: "Open" },
  { value: "invite", label: "Invite only" },
  { value: "ai", label: "Computer" },
];

function CreateGame({ disabled, onCreate }: { disabled: boolean; onCreate: (form: CreateForm) => void }) {
  const [form, setForm] = useState<CreateForm>(() => defaultForm("othello"));
  const update = (next: CreateForm) => setForm(fitSeats(next));
  return (
    <section className="panel create" aria-labelledby="create-title">
      <h2 id="create-title">Create game</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onCreate(form);
        }}
      >
        <label className="field">
          <span>Game</span>
          <select
            aria-label="Game"
            value={form.gameId}
            onChange={(e) => {
              if (isWebGameId(e.target.value)) setForm(defaultForm(e.target.value));
            }}
          >
            {WEB_GAME_IDS.map((id) => (
              <option key={id} value={id}>
                {GAME_TITLES[id]}
              </option>
            ))}
          </select>
        </label>
        {OPTION_FIELDS[form.gameId].map((field) => {
          const value = form.options[field.key] ?? field.initial;
          const hidden =
            form.gameId === "connect-k" && field.key !== "preset" && form.options.preset !== "custom";
          if (hidden) return null;
          return (
            <label className="field" key={field.key}>
              <span>{field.label}</span>
              {field.kind === "choice" ? (
                <select
                  aria-label={field.label}
                  value={String(value)}
                  onChange={(e) =>
                    update({ ...form, options: { ...form.options, [field.key]: e.target.value } })
                  }
                >
                  {(field.choices ?? []).map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  aria-label={field.label}
                  type="number"
                  min={field.min}
                  max={field.max}
                  value={value}
                  onChange={(e) =>
                    update({ ...form, options: { ...form.options, [field.key]: Number(e.target.value) } })
                  }
                />
              )}
            </label>
          );
        })}
        <fieldset className="field">
          <legend>Time control</legend>
          <div className="chips">
            {[...TIME_PRESETS.map((p) => p.name), CUSTOM_TIME].map((name) => (
              <label key={name} className={`chip${form.time === name ? " on" : ""}`}>
                <input
                  type="radio"
                  name="time"
                  value={name}
                  checked={form.time === name}
                  onChange={() => setForm({ ...form, time: name })}
                />
                {name}
              </label>
            ))}
          </div>
          {form.time === CUSTOM_TIME && (
            <div className="row">
              <label>
                Minutes{" "}
                <input
                  aria-label="Base minutes"
                  type="number"
                  min={0.1}
                  step={0.1}
                  value={form.customBaseMinutes}
                  onChange={(e) => setForm({ ...form, customBaseMinutes: Number(e.target.value) })}
                />
              </label>
              <label>
                Increment (s){" "}
                <input
                  aria-label="Increment seconds"
                  type="number"
                  min={0}
                  value={form.customIncrementSeconds}
                  onChange={(e) => setForm({ ...form, customIncrementSeconds: Number(e.target.value) })}
                />
              </label>
            </div>
          )}
        </fieldset>
        <fieldset className="field">
          <legend>Seats</legend>
          {form.seats.map((choice, i) => (
            <div className="row seat-row" key={i}>
              <span className="seat-no">Seat {i + 1}</span>
              <select
                aria-label={`Seat ${i + 1}`}
                value={choice}
                onChange={(e) => {
                  const seats = [...form.seats];
                  seats[i] = e.target.value as SeatChoice;
                  setForm({ ...form, seats });
                }}
              >
                {SEAT_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
              {choice === "ai" && (
                <input
                  aria-label={`Seat ${i + 1} level`}
                  type="number"
                  min={1}
                  max={maxAiLevel(form.gameId)}
                  value={Math.min(form.levels[i] ?? 1, maxAiLevel(form.gameId))}
                  onChange={(e) => {
                    const levels = [...form.levels];
                    levels[i] = Number(e.target.value);
                    setForm({ ...form, levels });
                  }}
                />
              )}
            </div>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend>Visibility</legend>
          <label className="inline">
            <input
              type="radio"
              name="visibility"
              checked={form.visibility === "public"}
              onChange={() => setForm({ ...form, visibility: "public" })}
            />{" "}
            Public
          </label>
          <label className="inline">
            <input
              type="radio"
              name="visibility"
              checked={form.visibility === "link"}
              onChange={() => setForm({ ...form, visibility: "link" })}
            />{" "}
            Link only
          </label>
        </fieldset>
        <button type="submit" className="btn primary" disabled={disabled}>
          Create game
        </button>
      </form>
    </section>
  );
}
