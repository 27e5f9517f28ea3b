"use client";

import { useState } from "react";
import { ConnectK, DiceOfDoom, Othello } from "../games/engines";
import { ConnectKBoard } from "./connect-k-board";
import { DiceBoard } from "./dice-board";
import { OthelloBoard } from "./othello-board";
import { othelloView } from "./othello-view";

function connectFour(): ConnectK.ConnectKState {
  const options = ConnectK.parseConnectKOptions({ preset: "connect-four" });
  if (!options.ok) throw new Error(options.error.message);
  return ConnectK.connectK.initial(options.value, 0);
}

function diceStart(): DiceOfDoom.DiceOfDoomState {
  const options = DiceOfDoom.diceOfDoom.parseOptions({ players: 3, size: 4 });
  if (!options.ok) throw new Error(options.error.message);
  return DiceOfDoom.diceOfDoom.initial(options.value, 1);
}

/**
 * Offline boards over engine states: each click goes through the engine, as
 * it would through the server. Handy for a quick look and for tests.
 */
export function BoardDemo() {
  const [othello, setOthello] = useState(() => Othello.othello.initial({}, 0));
  const [last, setLast] = useState<number | null>(null);
  const [ck, setCk] = useState(connectFour);
  const [dice, setDice] = useState(diceStart);
  const counts = othelloView(othello, last).counts;
  const forced = Othello.othello.forcedMove(othello);
  return (
    <div className="demo">
      <section className="panel" aria-labelledby="demo-othello">
        <h2 id="demo-othello">Othello</h2>
        <p className="muted" data-testid="demo-othello-status">
          {Othello.isOver(othello)
            ? "Game over"
            : `${othello.turn === Othello.BLACK ? "Black" : "White"} to move`}{" "}
          · Black {counts.black} · White {counts.white}
        </p>
        <OthelloBoard
          state={othello}
          lastMove={last}
          interactive={!Othello.isOver(othello)}
          onMove={(square) => {
            let next = Othello.othello.apply(othello, square);
            const pass = Othello.othello.forcedMove(next);
            if (pass !== null) next = Othello.othello.apply(next, pass);
            setOthello(next);
            setLast(square);
          }}
        />
        {forced !== null && <p className="muted">Pass</p>}
        <button
          type="button"
          className="btn small"
          onClick={() => {
            setOthello(Othello.othello.initial({}, 0));
            setLast(null);
          }}
        >
          Reset
        </button>
      </section>
      <section className="panel" aria-labelledby="demo-ck">
        <h2 id="demo-ck">Connect Four</h2>
        <ConnectKBoard
          state={ck}
          interactive={ck.status === "ongoing"}
          onMove={(c) => setCk(ConnectK.connectK.apply(ck, c))}
        />
        <button type="button" className="btn small" onClick={() => setCk(connectFour())}>
          Reset
        </button>
      </section>
      <section className="panel" aria-labelledby="demo-dice">
        <h2 id="demo-dice">Dice of Doom</h2>
        <DiceBoard
          state={dice}
          interactive={!dice.over}
          onMove={(m) => setDice(DiceOfDoom.diceOfDoom.apply(dice, m))}
        />
        <button type="button" className="btn small" onClick={() => setDice(diceStart())}>
          Reset
        </button>
      </section>
    </div>
  );
}
