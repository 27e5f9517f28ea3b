"use client";

import { GAME_IDS, isGameId } from "@arena/engine/registry";
import type { PoolInfo } from "@arena/protocol";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { webGame } from "../games/registry";
import { failureText } from "../i18n/errors";
import { useGameTitle, useGameWords } from "../i18n/use-game-words";
import { PlayingNow } from "../inbox/playing-now";
import { useArena } from "../net/arena-context";
import { maxLevel } from "../net/games-api";
import { useGames } from "../net/use-games";
import { BOT_GAME_ID, BotsOnline } from "./bots-online";
import { CreateGame } from "./create-game";
import { type CreateForm, type FormProblem, botForm, createPayload, quickForm } from "./create-model";
import { QuickPairing } from "./quick-pairing";
import { RoomLists } from "./room-lists";

/** A refusal the lobby shows: the form's own problem, or a code the engine or the server sent. */
type LobbyError = FormProblem | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * The lobby: quick games against the computer, open and live rooms, and the create form. `pools` is the
 * quick-pairing grid as the server rendered it, or null when its read failed (the grid then loads it).
 */
export function Lobby({ pools }: { pools: readonly PoolInfo[] | null }) {
  const { client, state, session } = useArena();
  const router = useRouter();
  const games = useGames();
  const t = useTranslations("lobby");
  const createWords = useTranslations("create");
  const common = useTranslations("common");
  const errors = useTranslations("errors");
  const myGames = useTranslations("myGames");
  const locale = useLocale();
  const titleOf = useGameTitle();
  const [filter, setFilter] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LobbyError | null>(null);
  const disabled = state !== "connected" || busy;

  const create = async (form: CreateForm) => {
    if (client === null) return;
    const built = createPayload(form, maxLevel(games?.find((g) => g.id === form.gameId)), session?.account);
    if (!built.ok) {
      setError(built);
      return;
    }
    setBusy(true);
    setError(null);
    const ack = await client.request("room:create", built.payload);
    setBusy(false);
    if (!ack.ok) {
      setError(ack);
      return;
    }
    router.push(`/play/${encodeURIComponent(ack.matchId)}`);
  };

  const errorText = (shown: LobbyError): string => {
    if ("problem" in shown && shown.problem !== "options") return createWords(`problem.${shown.problem}`);
    return "code" in shown ? failureText(errors, locale, shown) : "";
  };

  return (
    <>
      <PlayingNow place="lobby" />
      <div className="lobby">
        <section className="panel quick" aria-labelledby="quick-title">
          <h2 id="quick-title">{t("quickTitle")}</h2>
          <div className="quick-buttons">
            {/* This build's games until the server's list comes: the buttons keep their place (no layout shift). */}
            {(games?.map((game) => game.id) ?? GAME_IDS).map((gameId) => (
              <QuickButtons
                key={gameId}
                gameId={gameId}
                disabled={disabled}
                onCreate={(form) => void create(form)}
              />
            ))}
          </div>
          <BotsOnline disabled={disabled} onPlay={(bot) => void create(botForm(BOT_GAME_ID, bot))} />
          {error !== null && (
            <p className="error" role="alert">
              {errorText(error)}
              {"code" in error && error.code === "quota" && (
                <>
                  {" "}
                  <a href="#playing-now" data-testid="see-my-games">
                    {myGames("seeGames")}
                  </a>
                </>
              )}
            </p>
          )}
          <p className="how-to-links muted" data-testid="how-to-links">
            {t("rules")}{" "}
            {GAME_IDS.map((id, i) => (
              <span key={id}>
                {i > 0 && " · "}
                <Link href={`/how-to-play/${encodeURIComponent(id)}`} data-testid={`how-to-${id}`}>
                  {titleOf(id)}
                </Link>
              </span>
            ))}
          </p>
          <p className="muted">
            <Link href="/tournaments" data-testid="lobby-tournaments">
              {t("tournaments")}
            </Link>
          </p>
        </section>

        <QuickPairing titleOf={titleOf} initialPools={pools} />

        <section className="panel rooms" aria-labelledby="rooms-title">
          <div className="panel-head">
            <h2 id="rooms-title">{t("openGames")}</h2>
            <label className="filter">
              {common("game")}{" "}
              <select
                aria-label={t("filter")}
                value={filter ?? "all"}
                onChange={(e) => setFilter(isGameId(e.target.value) ? e.target.value : null)}
              >
                <option value="all">{t("allGames")}</option>
                {(games ?? []).map((game) => (
                  <option key={game.id} value={game.id}>
                    {titleOf(game.id)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <RoomLists filter={filter} titleOf={titleOf} />
        </section>

        <section className="panel create" aria-labelledby="create-title">
          <h2 id="create-title">{t("createTitle")}</h2>
          {games === null ? (
            <p className="muted">{t("waitingForServer")}</p>
          ) : (
            <CreateGame games={games} disabled={disabled} onCreate={(form) => void create(form)} />
          )}
        </section>
      </div>
    </>
  );
}

/** A game's one-click games against the computer, worded by the game's messages. */
function QuickButtons({
  gameId,
  disabled,
  onCreate,
}: {
  gameId: Parameters<typeof webGame>[0];
  disabled: boolean;
  onCreate: (form: CreateForm) => void;
}) {
  const words = useGameWords(gameId);
  return webGame(gameId).quickGames.map((quick) => (
    <button
      key={quick.label}
      type="button"
      className="btn primary"
      disabled={disabled}
      title={quick.description === undefined ? undefined : words(quick.description)}
      onClick={() => onCreate(quickForm(gameId, quick))}
    >
      {words(quick.label)}
    </button>
  ));
}
