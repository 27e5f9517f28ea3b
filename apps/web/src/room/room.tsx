"use client";

import type { Snapshot } from "@arena/protocol";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { ConnectKBoard } from "../board/connect-k-board";
import { DiceBoard } from "../board/dice-board";
import { OthelloBoard } from "../board/othello-board";
import { moveRows, othelloView } from "../board/othello-view";
import {
  type ConnectK,
  type DiceOfDoom,
  GAME_TITLES,
  Othello,
  engineFor,
  isWebGameId,
  maxAiLevel,
  seatLabel,
} from "../games/engines";
import { formatTimeControl } from "../lib/clock";
import { isMuted, playSound, setMuted } from "../lib/sound";
import { inviteLink } from "../lobby/create-model";
import { useArena } from "../net/arena-context";
import { useMatch } from "../net/use-match";
import { SeatClock } from "./seat-clock";
import { mySeats, othelloExports, resultText, seatName } from "./room-model";

export function Room({ matchId, inviteToken }: { matchId: string; inviteToken: string | null }) {
  const { session } = useArena();
  const router = useRouter();
  const { model, error, offset, syncing, lastEvent, command } = useMatch(matchId, inviteToken);
  const [replay, setReplay] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmResign, setConfirmResign] = useState(false);
  const [muted, setMutedState] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => setMutedState(isMuted()), []);

  const snapshot = model?.snapshot ?? null;
  const game = snapshot === null ? null : engineFor(snapshot.gameId);
  const live = snapshot?.status === "live";
  const mine = snapshot === null ? [] : mySeats(snapshot, session?.user.id);
  const toMove = game !== null && model !== null && model.state !== null ? game.toMove(model.state) : [];
  const mySeatToMove = live ? mine.find((s) => toMove.includes(s)) : undefined;
  const plies = snapshot?.moves.length ?? 0;
  const playedByChoice = snapshot?.moves.filter((m) => !m.forced).length ?? 0;

  // Sounds: a move, the end, and my clock dropping under ten seconds.
  useEffect(() => {
    if (lastEvent === null) return;
    if (lastEvent.event.type === "moved") playSound("move");
    if (lastEvent.event.type === "ended") playSound("end");
  }, [lastEvent]);
  const onFlag = useCallback(() => {
    void command("match:flag", {});
  }, [command]);

  // Players follow a rematch as soon as it is agreed.
  const nextMatchId = snapshot?.nextMatchId ?? null;
  const isPlayer = mine.length > 0;
  useEffect(() => {
    if (nextMatchId !== null && isPlayer && lastEvent?.event.type === "rematch") {
      router.push(`/play/${encodeURIComponent(nextMatchId)}`);
    }
  }, [nextMatchId, isPlayer, lastEvent, router]);

  const shownState = useMemo(() => {
    if (model === null) return null;
    if (replay === null) return model.state;
    if (replay === 0) return model.initial;
    return model.history?.[replay - 1] ?? model.state;
  }, [model, replay]);

  if (model === null || snapshot === null || game === null) {
    return (
      <div className="room-loading">
        {error !== null ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : (
          <p className="muted">Loading game…</p>
        )}
        <Link href="/">Back to the lobby</Link>
      </div>
    );
  }

  const send = async (move: unknown, seat: number | undefined) => {
    if (shownState === null || seat === undefined || sending) return;
    setSending(true);
    const ack = await command("match:move", { move: game.formatMove(shownState, move), seat });
    setSending(false);
    if (!ack.ok) setNotice(ack.message);
    else setNotice(null);
  };

  const interactive = mySeatToMove !== undefined && replay === null && !sending;
  const result = resultText(snapshot);
  const lastMoveText = snapshot.moves[(replay ?? plies) - 1]?.move ?? null;

  return (
    <div className="room" data-status={snapshot.status} data-game={snapshot.gameId}>
      <div className="room-board">
        <div className="room-title">
          <h1>{isWebGameId(snapshot.gameId) ? GAME_TITLES[snapshot.gameId] : snapshot.gameId}</h1>
          <span className="muted">
            {formatTimeControl(snapshot.timeControl)} ·{" "}
            {snapshot.visibility === "public" ? "public" : "link only"} ·{" "}
            <span data-testid="viewers">
              {snapshot.viewers} {snapshot.viewers === 1 ? "viewer" : "viewers"}
            </span>
          </span>
        </div>
        {syncing && (
          <div className="banner info" role="status">
            Resyncing…
          </div>
        )}
        {result !== null && (
          <div className="banner result" role="status" data-testid="result-banner">
            <strong>{result.headline}</strong> <span>{result.detail}</span>
          </div>
        )}
        {snapshot.status === "waiting" && (
          <div className="banner info" role="status">
            Waiting for players…
          </div>
        )}
        {shownState === null ? (
          <p className="muted">The board appears when the game starts.</p>
        ) : (
          <Board
            gameId={snapshot.gameId}
            state={shownState}
            lastMoveText={lastMoveText}
            interactive={interactive}
            onMove={(move) => void send(move, mySeatToMove)}
          />
        )}
        {interactive && shownState !== null && (
          <MoveInput
            gameId={snapshot.gameId}
            state={shownState}
            onMove={(move) => void send(move, mySeatToMove)}
          />
        )}
        {notice !== null && (
          <p className="error" role="alert">
            {notice}
          </p>
        )}
      </div>

      <aside className="room-side">
        <Seats
          snapshot={snapshot}
          offset={offset}
          onFlag={onFlag}
          toMove={toMove}
          mine={mine}
          command={command}
          inviteToken={inviteToken}
        />
        {snapshot.gameId === "othello" && model.state !== null && replay === null && (
          <DiscCounts state={model.state as Othello.OthelloState} />
        )}
        <div className="actions">
          {live && mine.length > 0 && (
            <>
              {confirmResign ? (
                <span className="confirm">
                  Resign?{" "}
                  <button
                    type="button"
                    className="btn danger small"
                    onClick={() => {
                      setConfirmResign(false);
                      void command("match:resign", { seat: mine[0] }).then((ack) => {
                        if (!ack.ok) setNotice(ack.message);
                      });
                    }}
                  >
                    Yes, resign
                  </button>{" "}
                  <button type="button" className="btn small" onClick={() => setConfirmResign(false)}>
                    Cancel
                  </button>
                </span>
              ) : (
                <button type="button" className="btn" onClick={() => setConfirmResign(true)}>
                  Resign
                </button>
              )}
              {snapshot.seats.length === 2 && (
                <DrawButtons snapshot={snapshot} mine={mine} command={command} setNotice={setNotice} />
              )}
              {playedByChoice < 2 && (
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    void command("match:abort", { seat: mine[0] }).then((ack) => {
                      if (!ack.ok) setNotice(ack.message);
                    })
                  }
                >
                  Abort
                </button>
              )}
              {snapshot.seats.some((s) => s.kind === "human" && s.gone && !mine.includes(s.seat)) && (
                <button
                  type="button"
                  className="btn primary"
                  onClick={() =>
                    void command("match:claim", { kind: "win", seat: mine[0] }).then((ack) => {
                      if (!ack.ok) setNotice(ack.message);
                    })
                  }
                >
                  Claim victory
                </button>
              )}
            </>
          )}
          {(snapshot.status === "finished" || snapshot.status === "aborted") && (
            <>
              {snapshot.nextMatchId !== null ? (
                <Link className="btn primary" href={`/play/${encodeURIComponent(snapshot.nextMatchId)}`}>
                  Go to rematch
                </Link>
              ) : (
                mine.length > 0 && (
                  <button
                    type="button"
                    className="btn primary"
                    disabled={mine.some((s) => snapshot.rematchOffers.includes(s))}
                    onClick={() =>
                      void command("match:rematch", {}).then((ack) => {
                        if (!ack.ok) setNotice(ack.message);
                        else if (ack.nextMatchId !== null)
                          router.push(`/play/${encodeURIComponent(ack.nextMatchId)}`);
                      })
                    }
                  >
                    {mine.some((s) => snapshot.rematchOffers.includes(s))
                      ? "Rematch offered"
                      : snapshot.rematchOffers.length > 0
                        ? "Accept rematch"
                        : "Rematch"}
                  </button>
                )
              )}
              <Link className="btn" href="/">
                Lobby
              </Link>
            </>
          )}
          <button
            type="button"
            className="btn small"
            aria-pressed={muted}
            onClick={() => {
              setMuted(!muted);
              setMutedState(!muted);
            }}
          >
            {muted ? "Sound off" : "Sound on"}
          </button>
        </div>
        <MoveList
          snapshot={snapshot}
          replay={replay}
          setReplay={setReplay}
          canReplay={model.history !== null}
        />
        {snapshot.gameId === "othello" && snapshot.moves.length > 0 && (
          <Exports snapshot={snapshot} initial={model.initial} />
        )}
      </aside>
    </div>
  );
}

function Board({
  gameId,
  state,
  lastMoveText,
  interactive,
  onMove,
}: {
  gameId: string;
  state: unknown;
  lastMoveText: string | null;
  interactive: boolean;
  onMove: (move: number) => void;
}) {
  if (gameId === "othello") {
    const square = lastMoveText === null ? -1 : Othello.parseSquare(lastMoveText);
    return (
      <OthelloBoard
        state={state as Othello.OthelloState}
        lastMove={square >= 0 && square !== Othello.PASS ? square : null}
        interactive={interactive}
        onMove={onMove}
      />
    );
  }
  if (gameId === "connect-k") {
    return (
      <ConnectKBoard state={state as ConnectK.ConnectKState} interactive={interactive} onMove={onMove} />
    );
  }
  if (gameId === "dice-of-doom") {
    return (
      <DiceBoard state={state as DiceOfDoom.DiceOfDoomState} interactive={interactive} onMove={onMove} />
    );
  }
  return <p className="muted">This game has no board view yet.</p>;
}

/** Keyboard entry in the game's notation ("f5", "4", "a1>b2" or "pass"); the engine checks it. */
function MoveInput({
  gameId,
  state,
  onMove,
}: {
  gameId: string;
  state: unknown;
  onMove: (move: unknown) => void;
}) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const game = engineFor(gameId);
  if (game === null) return null;
  const hint = gameId === "othello" ? "f5" : gameId === "connect-k" ? "4" : "a1>b1 or pass";
  return (
    <form
      className="move-input"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = game.parseMove(state, text.trim());
        if (!parsed.ok) {
          setProblem(parsed.error.message);
          return;
        }
        if (!game.legalMoves(state).includes(parsed.value)) {
          setProblem(`${text.trim()} is not legal here`);
          return;
        }
        setProblem(null);
        setText("");
        onMove(parsed.value);
      }}
    >
      <input
        aria-label="Move"
        placeholder={`Type a move (${hint})`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      <button type="submit" className="btn small">
        Play
      </button>
      {problem !== null && <span className="error">{problem}</span>}
    </form>
  );
}

type Command = ReturnType<typeof useMatch>["command"];

function Seats({
  snapshot,
  offset,
  onFlag,
  toMove,
  mine,
  command,
  inviteToken,
}: {
  snapshot: Snapshot;
  offset: number;
  onFlag: () => void;
  toMove: readonly number[];
  mine: readonly number[];
  command: Command;
  inviteToken: string | null;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const { session } = useArena();
  const isHost = session?.user.id === snapshot.host.id;
  const waiting = snapshot.status === "waiting";
  const invite = snapshot.inviteToken ?? inviteToken ?? undefined;
  const link =
    typeof window === "undefined" ? "" : inviteLink(window.location.origin, snapshot.matchId, invite);
  return (
    <div className="seats">
      {snapshot.seats.map((seat) => {
        const turn = snapshot.status === "live" && toMove.includes(seat.seat);
        const canSit =
          waiting &&
          mine.length === 0 &&
          (seat.kind === "open" || (seat.kind === "invite" && invite !== undefined));
        return (
          <div
            key={seat.seat}
            className={`seat${turn ? " to-move" : ""}${mine.includes(seat.seat) ? " mine" : ""}`}
            data-seat={seat.seat}
            data-testid={`seat-${seat.seat}`}
          >
            <span className={`swatch game-${snapshot.gameId} seat-${seat.seat}`} aria-hidden="true" />
            <span className="seat-name">
              {seatName(seat)}
              <span className="muted"> · {seatLabel(snapshot.gameId, seat.seat)}</span>
              {seat.kind === "human" && (
                <span
                  className={`presence ${seat.connected ? "online" : "offline"}`}
                  title={seat.connected ? "online" : "offline"}
                  aria-label={seat.connected ? "online" : seat.gone ? "gone" : "offline"}
                />
              )}
              {seat.kind === "human" && !seat.connected && (
                <span className="muted" data-testid={`presence-${seat.seat}`}>
                  {seat.gone ? " (gone)" : " (offline)"}
                </span>
              )}
              {seat.kind === "human" && seat.eliminated && <span className="muted"> (out)</span>}
              {turn && <span className="turn-flag"> to move</span>}
            </span>
            {snapshot.clock !== null && (
              <SeatClock
                clock={snapshot.clock}
                seat={seat.seat}
                offset={offset}
                live={snapshot.status === "live"}
                label={seatLabel(snapshot.gameId, seat.seat)}
                mine={mine.includes(seat.seat)}
                onFlag={onFlag}
              />
            )}
            {canSit && (
              <button
                type="button"
                className="btn small primary"
                onClick={() =>
                  void command("room:join-seat", {
                    seat: seat.seat,
                    ...(invite === undefined ? {} : { inviteToken: invite }),
                  }).then((ack) => setProblem(ack.ok ? null : ack.message))
                }
              >
                Sit here
              </button>
            )}
            {waiting && mine.includes(seat.seat) && (
              <button
                type="button"
                className="btn small"
                onClick={() =>
                  void command("room:leave-seat", { seat: seat.seat }).then((ack) =>
                    setProblem(ack.ok ? null : ack.message),
                  )
                }
              >
                Leave
              </button>
            )}
            {waiting && isHost && seat.kind === "open" && (
              <button
                type="button"
                className="btn small"
                onClick={() =>
                  void command("room:set-ai", {
                    seat: seat.seat,
                    level: isWebGameId(snapshot.gameId) ? maxAiLevel(snapshot.gameId) : 1,
                  }).then((ack) => setProblem(ack.ok ? null : ack.message))
                }
              >
                Add computer
              </button>
            )}
          </div>
        );
      })}
      {problem !== null && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {waiting && (
        <div className="invite">
          <label>
            Invite link
            <input aria-label="Invite link" readOnly value={link} onFocus={(e) => e.target.select()} />
          </label>
          <button
            type="button"
            className="btn small"
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy"}
          </button>
          {isHost && (
            <button
              type="button"
              className="btn small"
              onClick={() =>
                void command("room:cancel", {}).then((ack) => setProblem(ack.ok ? null : ack.message))
              }
            >
              Cancel game
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function DrawButtons({
  snapshot,
  mine,
  command,
  setNotice,
}: {
  snapshot: Snapshot;
  mine: readonly number[];
  command: Command;
  setNotice: (text: string | null) => void;
}) {
  const seat = mine[0];
  const offeredByMe = seat !== undefined && snapshot.drawOffers.includes(seat);
  const offeredToMe = snapshot.drawOffers.some((s) => !mine.includes(s));
  const report = (ack: { ok: boolean; message?: string }) =>
    setNotice(ack.ok ? null : (ack.message ?? "refused"));
  if (offeredToMe) {
    return (
      <span className="confirm">
        Draw offered{" "}
        <button
          type="button"
          className="btn small primary"
          onClick={() => void command("match:draw-accept", { seat }).then(report)}
        >
          Accept draw
        </button>{" "}
        <button
          type="button"
          className="btn small"
          onClick={() => void command("match:draw-decline", { seat }).then(report)}
        >
          Decline
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      className="btn"
      disabled={offeredByMe}
      onClick={() => void command("match:draw-offer", { seat }).then(report)}
    >
      {offeredByMe ? "Draw offered" : "Offer draw"}
    </button>
  );
}

function DiscCounts({ state }: { state: Othello.OthelloState }) {
  const view = othelloView(state, null);
  return (
    <div className="counts" data-testid="disc-counts">
      <span className="count">
        <span className="disc-icon black" aria-hidden="true" /> Black {view.counts.black}
      </span>
      <span className="count">
        <span className="disc-icon white" aria-hidden="true" /> White {view.counts.white}
      </span>
    </div>
  );
}

function MoveList({
  snapshot,
  replay,
  setReplay,
  canReplay,
}: {
  snapshot: Snapshot;
  replay: number | null;
  setReplay: (ply: number | null) => void;
  canReplay: boolean;
}) {
  const moves = snapshot.moves.map((m) => m.move);
  const perRow = snapshot.gameId === "dice-of-doom" ? 1 : 2;
  const rows = moveRows(moves, perRow);
  const total = moves.length;
  const current = replay ?? total;
  const go = (ply: number) => setReplay(ply >= total ? null : Math.max(0, ply));
  return (
    <div className="moves">
      <h2>
        Moves <span className="muted">({total})</span>
      </h2>
      <ol className="move-list" aria-label="Move list" data-testid="move-list">
        {rows.map((row) => (
          <li key={row.number}>
            <span className="move-no">{row.number}.</span>
            {row.cells.map((cell, i) => {
              const ply = (row.number - 1) * perRow + i + 1;
              const seat = snapshot.moves[ply - 1]?.seat ?? 0;
              return (
                <button
                  type="button"
                  key={i}
                  className={`move${ply === current ? " current" : ""}${cell === "PA" || cell === "pass" ? " pass" : ""}`}
                  disabled={!canReplay}
                  onClick={() => go(ply)}
                  title={seatLabel(snapshot.gameId, seat)}
                >
                  {perRow === 1 ? `${seatLabel(snapshot.gameId, seat)}: ${cell}` : cell}
                </button>
              );
            })}
          </li>
        ))}
      </ol>
      {canReplay && total > 0 && (
        <div className="replay" role="group" aria-label="Replay">
          <button type="button" className="btn small" aria-label="First move" onClick={() => go(0)}>
            «
          </button>
          <button
            type="button"
            className="btn small"
            aria-label="Previous move"
            onClick={() => go(current - 1)}
          >
            ‹
          </button>
          <span className="muted" data-testid="replay-ply">
            {current}/{total}
          </span>
          <button type="button" className="btn small" aria-label="Next move" onClick={() => go(current + 1)}>
            ›
          </button>
          <button type="button" className="btn small" aria-label="Last move" onClick={() => go(total)}>
            »
          </button>
        </div>
      )}
    </div>
  );
}

function Exports({ snapshot, initial }: { snapshot: Snapshot; initial: unknown }) {
  const { transcript, ggf } = othelloExports(snapshot, initial);
  return (
    <details className="exports">
      <summary>Export</summary>
      <label>
        Transcript
        <textarea aria-label="Transcript" readOnly value={transcript} rows={2} />
      </label>
      <label>
        GGF
        <textarea aria-label="GGF" readOnly value={ggf} rows={4} />
      </label>
    </details>
  );
}
