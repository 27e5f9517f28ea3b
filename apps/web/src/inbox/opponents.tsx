"use client";

import type { MyGame } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { labelOf, labelText } from "../lib/names";
import type { Words } from "../i18n/words";
import { PlayerName } from "../ui/player-name";

const NO_TAGS: ReadonlyMap<string, string> = new Map();

/** A game's opponents: people by name, the computer by level. */
export function Opponents({ game }: { game: MyGame }) {
  const t = useTranslations("myGames");
  return (
    <>
      {game.opponents.map((opponent, i) => (
        <Fragment key={i}>
          {i > 0 && ", "}
          {opponent.kind === "human" ? (
            <PlayerName label={labelOf(opponent.user, NO_TAGS)} />
          ) : (
            t("computer", { level: opponent.level })
          )}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The opponents as plain text, for a browser notification.
 * @param t a translator over the `myGames` namespace
 */
export function opponentsText(game: MyGame, t: Words): string {
  return game.opponents
    .map((o) =>
      o.kind === "human" ? labelText(labelOf(o.user, NO_TAGS)) : t("computer", { level: o.level }),
    )
    .join(", ");
}
