"use client";

import { othello } from "@arena/engine/games/othello/rules";
import { type GameId, isGameId } from "@arena/engine/registry";
import type { BotsOnline as BotsList, UserRef } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { serverUrl } from "../env";

/** NBoard bots play Othello (docs/cli.md, "arena bot"): "Play" creates an Othello room. */
export const BOT_GAME_ID: GameId = registered(othello.id);

function registered(id: string): GameId {
  if (!isGameId(id)) throw new Error(`${id} is not in the engine's registry`);
  return id;
}

/** How often the list is asked for again while the lobby is open. */
const REFRESH_MS = 10_000;

async function fetchBots(): Promise<UserRef[] | null> {
  try {
    const response = await fetch(`${serverUrl()}/api/bots`);
    if (!response.ok) return null;
    const body = (await response.json()) as BotsList;
    return body.bots;
  } catch {
    return null;
  }
}

/**
 * The bot accounts connected now (`GET /api/bots`), each with a "Play" button that creates a room with
 * that bot invited by name to the other seat (docs/web.md, "Lobby").
 */
export function BotsOnline({ disabled, onPlay }: { disabled: boolean; onPlay: (bot: string) => void }) {
  const t = useTranslations("bots");
  const [bots, setBots] = useState<readonly UserRef[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void fetchBots().then((list) => {
        if (live && list !== null) setBots(list);
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return (
    <div className="bots-online" data-testid="bots-online">
      <h3>{t("title")}</h3>
      {bots === null || bots.length === 0 ? (
        <p className="muted" data-testid="bots-none">
          {t("none")}
        </p>
      ) : (
        <ul className="bot-list">
          {bots.map((bot) => (
            <li key={bot.id} data-testid="bot-row" data-name={bot.name}>
              <span className="name">{bot.name}</span> <span className="bot-mark">BOT</span>{" "}
              <button
                type="button"
                className="btn small primary"
                data-testid="bot-play"
                aria-label={t("playLabel", { name: bot.name })}
                disabled={disabled}
                onClick={() => onPlay(bot.name)}
              >
                {t("play")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
