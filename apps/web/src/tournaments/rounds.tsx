"use client";

import type { TournamentPairing, TournamentView } from "@arena/protocol";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { BerserkMark } from "../room/berserk";
import { PlayerName } from "../ui/player-name";
import { resultText } from "./format";

/** One board: its players by seat and its result, linking to its game. */
function Board({ pairing: p }: { pairing: TournamentPairing }) {
  const t = useTranslations("tournaments");
  return (
    <>
      <PlayerName label={{ name: p.names[0], tag: null }} />
      <BerserkMark berserked={p.berserk?.[0] === true} seat={0} />
      {p.names[1] === undefined ? (
        <span className="muted"> · {t("bye")}</span>
      ) : (
        <>
          {" – "}
          <PlayerName label={{ name: p.names[1], tag: null }} />
          <BerserkMark berserked={p.berserk?.[1] === true} seat={1} />{" "}
          {p.matchId === null ? (
            <span data-testid="pairing-result">{resultText(p.result)}</span>
          ) : (
            <Link
              href={`/play/${encodeURIComponent(p.matchId)}`}
              data-testid="pairing-result"
              title={t("openGame")}
            >
              {p.result === null ? t("playing") : resultText(p.result)}
            </Link>
          )}
        </>
      )}
    </>
  );
}

/** A round's boards with a pair's two games (pairs from one opening) kept together. */
function grouped(pairings: readonly TournamentPairing[]): TournamentPairing[][] {
  const groups: TournamentPairing[][] = [];
  for (const p of pairings) {
    const last = groups[groups.length - 1];
    if (p.pair?.game === 1 && last !== undefined) last.push(p);
    else groups.push([p]);
  }
  return groups;
}

/** The rounds played (an arena's pairing waves), latest first, each board linking to its game. */
export function Rounds({ view }: { view: TournamentView }) {
  const t = useTranslations("tournaments");
  if (view.roundsPlayed.length === 0) return <p className="muted">{t("noRounds")}</p>;
  const label = view.format === "arena" ? "wave" : "round";
  return (
    <ol className="rounds" data-testid="rounds" reversed>
      {[...view.roundsPlayed].reverse().map((round) => (
        <li key={round.number} data-testid="round" data-round={round.number}>
          <h3>{t(label, { number: round.number })}</h3>
          <ul className="pairings">
            {grouped(round.pairings).map((group, i) => {
              const pair = group[0]?.pair;
              if (pair === undefined || group.length < 2) {
                return group.map((p, j) => (
                  <li key={`${i}-${j}`} data-testid="pairing">
                    <Board pairing={p} />
                  </li>
                ));
              }
              return (
                <li key={i} data-testid="pair">
                  <span className="muted">{t("pairs.opening", { moves: pair.opening.join(" ") })}</span>
                  <ul>
                    {group.map((p, j) => (
                      <li key={j} data-testid="pairing">
                        <Board pairing={p} />
                      </li>
                    ))}
                  </ul>
                  {pair.totals !== null && (
                    <span data-testid="pair-total">
                      {t("pairs.total", { first: pair.totals[0], second: pair.totals[1] })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
