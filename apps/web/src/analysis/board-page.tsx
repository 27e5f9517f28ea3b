"use client";

import type { AnalysedPosition } from "@arena/protocol";
import { DEFAULT_GAME_ID, GAME_IDS, type GameId, isGameId } from "@arena/engine/registry";
import Link from "next/link";
import { useState } from "react";
import { serverUrl } from "../env";
import { webGame } from "../games/registry";
import type { AnyWebGame } from "../games/web-game";
import { useArena } from "../net/arena-context";
import { analysePosition } from "./api";

function startOf(web: AnyWebGame): unknown {
  const options = web.rules.parseOptions(web.demo.options);
  if (!options.ok) throw new Error(`${web.id} demo options: ${options.error.message}`);
  return web.rules.initial(options.value, web.demo.seed);
}

/** The position the link carries (a game's serialized state), or the game's demo start. */
function initialOf(web: AnyWebGame, position: string | null): { state: unknown; problem: string | null } {
  if (position === null) return { state: startOf(web), problem: null };
  try {
    const read = web.rules.deserialize(JSON.parse(position));
    return read.ok
      ? { state: read.value, problem: null }
      : { state: startOf(web), problem: read.error.message };
  } catch {
    return { state: startOf(web), problem: "the position in the link is not JSON" };
  }
}

/** Plays a move, then the moves nobody chooses (Othello's passes), as the server does. */
function playWithForced(web: AnyWebGame, state: unknown, move: unknown): unknown {
  let next = web.rules.apply(state, move);
  for (let forced = web.rules.forcedMove(next); forced !== null; forced = web.rules.forcedMove(next)) {
    next = web.rules.apply(next, forced);
  }
  return next;
}

type Evaluation =
  | { readonly kind: "none" }
  | { readonly kind: "running" }
  | { readonly kind: "done"; readonly analysis: AnalysedPosition; readonly of: unknown }
  | { readonly kind: "failed"; readonly message: string };

/**
 * The analysis board (docs/analysis.md, "The analysis board"): a position from a game or set up by hand,
 * moves played on it freely, and one analysis with the server's larger budget: value and best line.
 */
export function AnalysisBoard({ game, position }: { game: string | null; position: string | null }) {
  const { session } = useArena();
  const [gameId, setGameId] = useState<GameId>(game !== null && isGameId(game) ? game : DEFAULT_GAME_ID);
  const web = webGame(gameId);
  const [first] = useState(() => initialOf(web, position));
  const [history, setHistory] = useState<unknown[]>([first.state]);
  const [last, setLast] = useState<string | null>(null);
  const [evaluation, setEvaluation] = useState<Evaluation>({ kind: "none" });
  const state = history.at(-1) ?? first.state;
  const toMove = web.rules.toMove(state)[0];
  const shownAnalysis = evaluation.kind === "done" && evaluation.of === state ? evaluation.analysis : null;
  const reset = (next: unknown) => {
    setHistory([next]);
    setLast(null);
    setEvaluation({ kind: "none" });
  };
  const Editor = web.Editor;
  return (
    <div className="analysis-board" data-game={gameId}>
      <div className="room-board">
        <h1>Analysis board</h1>
        <p className="muted">
          <label>
            Game{" "}
            <select
              value={gameId}
              aria-label="Game"
              onChange={(e) => {
                const id = e.target.value;
                if (!isGameId(id)) return;
                setGameId(id);
                reset(startOf(webGame(id)));
              }}
            >
              {GAME_IDS.map((id) => (
                <option key={id} value={id}>
                  {webGame(id).rules.title}
                </option>
              ))}
            </select>
          </label>{" "}
          · {toMove === undefined ? "Game over" : `${web.seatName(toMove)} to move`}
        </p>
        {first.problem !== null && <p className="error">{first.problem}</p>}
        <web.Board
          state={state}
          lastMove={last}
          interactive={toMove !== undefined}
          viewerSeat={null}
          hint={shownAnalysis?.bestMove ?? null}
          onMove={(move) => {
            setLast(web.rules.formatMove(state, move));
            setHistory([...history, playWithForced(web, state, move)]);
          }}
        />
        <div className="row">
          <button
            type="button"
            className="btn small"
            disabled={history.length < 2}
            onClick={() => setHistory(history.slice(0, -1))}
          >
            Undo
          </button>
          <button type="button" className="btn small" onClick={() => reset(startOf(web))}>
            Start position
          </button>
        </div>
      </div>
      <aside className="room-side">
        {Editor !== undefined && <Editor state={state} onChange={reset} />}
        <button
          type="button"
          className="btn"
          data-testid="evaluate"
          disabled={evaluation.kind === "running"}
          onClick={() => {
            setEvaluation({ kind: "running" });
            void analysePosition(
              serverUrl(),
              gameId,
              web.rules.serialize(state),
              session?.token ?? null,
            ).then((reply) =>
              setEvaluation(
                reply.ok
                  ? { kind: "done", analysis: reply.analysis, of: state }
                  : { kind: "failed", message: reply.message },
              ),
            );
          }}
        >
          Evaluate
        </button>
        {evaluation.kind === "running" && <progress aria-label="Evaluating" />}
        {evaluation.kind === "failed" && (
          <p className="error" role="alert">
            {evaluation.message}
          </p>
        )}
        {shownAnalysis !== null && (
          <div data-testid="evaluation">
            <p>
              <strong>{web.analysis.describe(shownAnalysis)}</strong>
            </p>
            {shownAnalysis.bestMoveText !== null && (
              <p>
                Best line: <span data-testid="best-line">{shownAnalysis.pvText.join(" ")}</span>
              </p>
            )}
            <p className="muted">
              {shownAnalysis.exact ? "exact" : "estimate"} · depth {shownAnalysis.depth} ·{" "}
              {shownAnalysis.nodes.toLocaleString("en")} nodes
            </p>
          </div>
        )}
        <Link href="/">Back to the lobby</Link>
      </aside>
    </div>
  );
}
