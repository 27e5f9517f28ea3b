"use client";

import { isCorrespondence } from "@arena/protocol/values";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { SendCommand } from "../net/use-match";
import type { RoomView } from "./room-view";
import type { Commands } from "./use-command";

type Lines = readonly (readonly string[])[];

/** The plies a player typed: split on spaces and commas, empty ones dropped. */
export const pliesOf = (text: string): string[] => text.split(/[\s,]+/).filter((ply) => ply !== "");

/**
 * Conditional moves in a correspondence game (docs/web.md, "Correspondence"; lichess's forecasts): the
 * player's lines of "their reply, my answer, …", kept by the server, which plays the answer when the reply
 * comes. Lines are added while the opponent is to move, checked by the server (`forecast:set`), and read
 * again after every move, since a move the server played from them consumes them.
 */
export function ForecastPanel({
  view,
  commands,
  read,
}: {
  view: RoomView;
  commands: Commands;
  /** Sends without the room's busy state: reading the lines must not hold the board's clicks. */
  read: SendCommand;
}) {
  const t = useTranslations("forecast");
  const { model } = view;
  const seat = view.mine[0];
  const shown = seat !== undefined && view.live && isCorrespondence(model.timeControl);
  const plies = model.moves.length;
  const [lines, setLines] = useState<Lines>([]);
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const { send } = commands;

  useEffect(() => {
    if (!shown) return;
    let current = true;
    void read("forecast:get", {}).then((ack) => {
      if (current && ack.ok) setLines(ack.lines);
    });
    return () => {
      current = false;
    };
  }, [shown, plies, read]);

  if (!shown) return null;
  const theirTurn = view.toMove.length > 0 && view.myTurn === undefined;

  const save = async (next: Lines): Promise<boolean> => {
    setProblem(null);
    const ack = await send("forecast:set", { lines: next.map((line) => [...line]) });
    if (ack.ok) {
      setLines(ack.lines);
      return true;
    }
    if (ack.code === "bad-forecast" && "line" in ack && "ply" in ack) {
      const line = Number(ack.line);
      const ply = Number(ack.ply);
      setProblem(t("badPly", { line: line + 1, ply: ply + 1, move: next[line]?.[ply] ?? "" }));
    }
    return false;
  };

  return (
    <section className="panel forecast" aria-labelledby="forecast-title" data-testid="forecast">
      <h3 id="forecast-title">{t("title")}</h3>
      <p className="muted">{t("help")}</p>
      {lines.length === 0 ? (
        <p className="muted" data-testid="forecast-none">
          {t("none")}
        </p>
      ) : (
        <ol className="forecast-lines">
          {lines.map((line, i) => (
            <li key={`${i}:${line.join(" ")}`} data-testid="forecast-line">
              <span className="forecast-plies">{line.join(" ")}</span>{" "}
              <button
                type="button"
                className="btn small"
                aria-label={t("removeLabel", { line: i + 1 })}
                onClick={() => void save(lines.filter((_, j) => j !== i))}
              >
                {t("remove")}
              </button>
            </li>
          ))}
        </ol>
      )}
      {theirTurn ? (
        <form
          className="forecast-form"
          onSubmit={(e) => {
            e.preventDefault();
            const line = pliesOf(draft);
            if (line.length === 0) return;
            void save([...lines, line]).then((saved) => {
              if (saved) setDraft("");
            });
          }}
        >
          <label>
            {t("addLabel")}{" "}
            <input
              type="text"
              value={draft}
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
              data-testid="forecast-input"
              onChange={(e) => setDraft(e.target.value)}
            />
          </label>{" "}
          <button type="submit" className="btn small primary" data-testid="forecast-add">
            {t("add")}
          </button>
        </form>
      ) : (
        <p className="muted" data-testid="forecast-your-turn">
          {t("yourTurn")}
        </p>
      )}
      {problem !== null && (
        <p className="error" role="alert" data-testid="forecast-problem">
          {problem}
        </p>
      )}
    </section>
  );
}
