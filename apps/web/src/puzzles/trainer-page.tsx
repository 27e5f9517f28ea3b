"use client";

import type { GameId } from "@arena/engine/registry";
import type { PuzzleThemes } from "@arena/protocol";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { useArena } from "../net/arena-context";
import { fetchPuzzleThemes } from "../net/puzzles-api";
import { useThemeName } from "./theme-name";
import { PuzzleTrainer } from "./trainer";
import { TRAINER_MODES, type TrainerMode } from "./trainer-model";

/** The address of a mode of the trainer, with a theme for the rated one. */
export function trainerHref(gameId: string, mode: TrainerMode, theme: string | null): string {
  const query = new URLSearchParams();
  if (mode !== "rated") query.set("mode", mode);
  if (mode === "rated" && theme !== null) query.set("theme", theme);
  const text = query.toString();
  return text === "" ? `/puzzles/${gameId}` : `/puzzles/${gameId}?${text}`;
}

/** A game's trainer page: its title, the modes, the theme picker and the trainer. */
export function TrainerPage({
  gameId,
  mode,
  theme,
}: {
  gameId: GameId;
  mode: TrainerMode;
  theme: string | null;
}) {
  const t = useTranslations("puzzles");
  const titleOf = useGameTitle();
  return (
    <div className="puzzles-page">
      <h1>{t("gameTitle", { game: titleOf(gameId) })}</h1>
      <nav className="puzzle-modes" aria-label={t("modes")}>
        {TRAINER_MODES.map((each) => (
          <Link
            key={each}
            href={trainerHref(gameId, each, null)}
            aria-current={each === mode ? "page" : undefined}
            className={each === mode ? "btn small primary" : "btn small"}
            data-testid={`puzzle-mode-${each}`}
          >
            {t(`mode.${each}`)}
          </Link>
        ))}
      </nav>
      <p className="muted">{t(`modeHelp.${mode}`)}</p>
      {mode === "rated" && <ThemePicker gameId={gameId} theme={theme} />}
      <PuzzleTrainer key={`${mode}|${theme ?? ""}`} gameId={gameId} mode={mode} theme={theme} />
    </div>
  );
}

/** The rated mode's themes, from the server's counts: choosing one narrows the puzzles served to it. */
function ThemePicker({ gameId, theme }: { gameId: GameId; theme: string | null }) {
  const t = useTranslations("puzzles");
  const nameOf = useThemeName(gameId);
  const router = useRouter();
  const [themes, setThemes] = useState<PuzzleThemes["themes"]>([]);
  const token = useArena().session?.token;
  useEffect(() => {
    if (token === undefined) return;
    let gone = false;
    void fetchPuzzleThemes(gameId, token).then((answer) => {
      if (!gone && answer.ok) setThemes(answer.themes);
    });
    return () => {
      gone = true;
    };
  }, [gameId, token]);
  return (
    <p className="puzzle-theme">
      <label>
        {t("theme")}{" "}
        <select
          value={theme ?? ""}
          data-testid="puzzle-theme"
          onChange={(event) => router.push(trainerHref(gameId, "rated", event.target.value || null))}
        >
          <option value="">{t("anyTheme")}</option>
          {themes.map((each) => (
            <option key={each.theme} value={each.theme}>
              {t("themeCount", { theme: nameOf(each.theme), count: each.count })}
            </option>
          ))}
          {theme !== null && !themes.some((each) => each.theme === theme) && (
            <option value={theme}>{nameOf(theme)}</option>
          )}
        </select>
      </label>
    </p>
  );
}
