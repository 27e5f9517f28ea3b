"use client";

import { applyRolling } from "@arena/engine/core/chance";
import { Random } from "@arena/engine/core/rng";
import { GAME_IDS, type GameId } from "@arena/engine/registry";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useGameTitle, useGameWords } from "../i18n/use-game-words";
import { webGame } from "./registry";
import type { AnyWebGame } from "./web-game";

function startOf(web: AnyWebGame): unknown {
  const options = web.rules.parseOptions(web.demo.options);
  if (!options.ok) throw new Error(`${web.id} demo options: ${options.error.message}`);
  return web.rules.initial(options.value, web.demo.seed);
}

/** The demo's dice (offline: nobody plays against anyone here). */
const demoDice = new Random(0xd1ce);

/** Plays a move, then the moves nobody chooses (Othello's passes), as the server does, rolling any dice. */
function playWithForced(web: AnyWebGame, state: unknown, move: unknown): unknown {
  let next = applyRolling(web.rules, state, move, demoDice).state;
  for (let forced = web.rules.forcedMove(next); forced !== null; forced = web.rules.forcedMove(next)) {
    next = applyRolling(web.rules, next, forced, demoDice).state;
  }
  return next;
}

function DemoBoard({ id }: { id: GameId }) {
  const web = webGame(id);
  const common = useTranslations("common");
  const t = useTranslations("boards");
  const words = useGameWords(id);
  const titleOf = useGameTitle();
  const [state, setState] = useState(() => startOf(web));
  const [last, setLast] = useState<string | null>(null);
  const toMove = web.rules.toMove(state)[0];
  const status =
    toMove === undefined ? common("gameOver") : common("toMove", { seat: web.seatName(toMove, words) });
  const described = web.extras?.describe?.(state, words);
  return (
    <section className="panel" aria-labelledby={`demo-${id}`}>
      <h2 id={`demo-${id}`}>{titleOf(id)}</h2>
      <p className="muted" data-testid={`demo-${id}-status`}>
        {status}
        {described === undefined ? "" : ` · ${described}`}
      </p>
      <web.Board
        state={state}
        lastMove={last}
        interactive={toMove !== undefined}
        viewerSeat={null}
        onMove={(move) => {
          setLast(web.rules.formatMove(state, move));
          setState(playWithForced(web, state, move));
        }}
      />
      <button
        type="button"
        className="btn small"
        onClick={() => {
          setState(startOf(web));
          setLast(null);
        }}
      >
        {t("reset")}
      </button>
    </section>
  );
}

/**
 * Offline boards over engine states, one per game: each click goes through the engine, as it would
 * through the server. Handy for a quick look and for tests.
 */
export function BoardDemo() {
  return (
    <div className="demo">
      {GAME_IDS.map((id) => (
        <DemoBoard key={id} id={id} />
      ))}
    </div>
  );
}
