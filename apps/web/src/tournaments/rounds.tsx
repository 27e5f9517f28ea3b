"use client";

import type { TournamentView } from "@arena/protocol";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { PlayerName } from "../ui/player-name";
import { resultText } from "./format";

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
            {round.pairings.map((p, i) => (
              <li key={i} data-testid="pairing">
                <PlayerName label={{ name: p.names[0], tag: null }} />
                {p.names[1] === undefined ? (
                  <span className="muted"> · {t("bye")}</span>
                ) : (
                  <>
                    {" – "}
                    <PlayerName label={{ name: p.names[1], tag: null }} />{" "}
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
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
