"use client";

import type { HistoryEntry, HistoryResponse, RatingPoint, RatingView, UserResponse } from "@arena/protocol";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Fragment, useEffect, useState } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { failureText } from "../i18n/errors";
import type { ProfileStart } from "../net/own-api";
import { fetchHistory, fetchRatingHistory, fetchUser, ratingLabel } from "../net/players-api";
import { FollowButton } from "../social/follow-button";
import { BlockButton } from "../social/block-button";
import { ReportButton } from "../moderation/report-button";
import { GameSearch } from "./game-search";
import { EMPTY_SEARCH, isSearching, type SearchForm, searchQuery } from "./game-search-model";
import { RatingChart } from "./rating-chart";
import { splitPools } from "./rating-pools";

type User = UserResponse["user"];

/**
 * A player's profile: ratings per game and speed with their history chart, record, and games (newest first).
 * `start` is what the server rendered it with (null when it could not read it); the page reads it all again.
 * `accountLikely`: this browser last held an account's session (net/account-hint.ts).
 */
export function Profile({
  name,
  start = null,
  accountLikely = false,
}: {
  name: string;
  start?: ProfileStart | null;
  accountLikely?: boolean;
}) {
  const t = useTranslations("profile");
  const closedWords = useTranslations("accountData");
  const common = useTranslations("common");
  const speeds = useTranslations("speeds");
  const gameTitle = useGameTitle();
  const locale = useLocale();
  const [user, setUser] = useState<User | null | "missing">(start?.user ?? null);
  const [points, setPoints] = useState<readonly RatingPoint[]>(start?.points ?? []);
  const [pool, setPool] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([fetchUser(name), fetchRatingHistory(name)]).then(([answer, history]) => {
      if (!live) return;
      setUser(answer.ok ? answer.user : "missing");
      if (history.ok) setPoints(history.points);
    });
    return () => {
      live = false;
    };
  }, [name]);
  if (user === null) return <p className="muted">{common("loading")}</p>;
  if (user === "missing") return <p className="error">{t("missing", { name })}</p>;
  const pools = Object.entries(user.ratings).flatMap(([gameId, speeds]) =>
    Object.entries(speeds).map(([speed, rating]) => ({ gameId, speed, rating })),
  );
  const shown = pool ?? (pools[0] === undefined ? null : `${pools[0].gameId} ${pools[0].speed}`);
  const shownPoints = points.filter((p) => `${p.gameId} ${p.speed}` === shown);
  const shownPool = pools.find((p) => `${p.gameId} ${p.speed}` === shown);
  const shownLabel =
    shownPool === undefined
      ? ""
      : `${gameTitle(shownPool.gameId)} · ${speeds.has(shownPool.speed) ? speeds(shownPool.speed) : shownPool.speed}`;
  return (
    <div className="profile" data-testid="profile">
      <h1>
        {user.name} {user.bot && <span className="bot-mark">BOT</span>}{" "}
        {user.closed === true && (
          <span className="muted" data-testid="closed-account">
            {closedWords("closedAccount")}
          </span>
        )}
      </h1>
      {user.closed !== true && <FollowButton name={user.name} id={user.id} accountLikely={accountLikely} />}
      {user.closed !== true && <BlockButton name={user.name} id={user.id} />}
      {user.closed !== true && <ReportButton name={user.name} id={user.id} />}
      <p data-testid="record">{t("record", { ...user.record })}</p>
      <h2>{t("ratings")}</h2>
      {pools.length === 0 ? (
        <p className="muted">{t("noRated")}</p>
      ) : (
        <>
          {splitPools(pools).map(({ correspondence, pools: group }) => (
            <Fragment key={String(correspondence)}>
              {correspondence && <h3>{t("correspondenceRatings")}</h3>}
              <PoolTable
                label={correspondence ? t("correspondenceRatings") : t("ratings")}
                testId={correspondence ? "ratings-correspondence" : "ratings-realtime"}
                pools={group}
                shown={shown}
                onShow={setPool}
              />
            </Fragment>
          ))}
        </>
      )}
      {shownPoints.length > 0 && (
        <RatingChart points={shownPoints} label={shownLabel} timeLabel={t("chartTime")} locale={locale} />
      )}
      <p className="muted small">{t("provisional")}</p>
      <h2>{t("history")}</h2>
      <History name={user.name} start={start?.history ?? null} />
    </div>
  );
}

interface Pool {
  readonly gameId: string;
  readonly speed: string;
  readonly rating: RatingView;
}

function PoolTable({
  label,
  testId,
  pools,
  shown,
  onShow,
}: {
  label: string;
  testId: string;
  pools: readonly Pool[];
  shown: string | null;
  onShow: (pool: string) => void;
}) {
  const t = useTranslations("profile");
  const common = useTranslations("common");
  const speeds = useTranslations("speeds");
  const gameTitle = useGameTitle();
  return (
    <table className="room-table" aria-label={label} data-testid={testId}>
      <thead>
        <tr>
          <th>{common("game")}</th>
          <th>{t("speed")}</th>
          <th>{t("rating")}</th>
          <th>{t("games")}</th>
        </tr>
      </thead>
      <tbody>
        {pools.map(({ gameId, speed, rating }) => (
          <tr
            key={`${gameId} ${speed}`}
            className={shown === `${gameId} ${speed}` ? "on" : ""}
            onClick={() => onShow(`${gameId} ${speed}`)}
          >
            <td>{gameTitle(gameId)}</td>
            <td>{speeds.has(speed) ? speeds(speed) : speed}</td>
            <td data-testid={`rating-${gameId}-${speed}`} title={t("rd", { rd: rating.rd })}>
              {ratingLabel(rating)}
            </td>
            <td>{rating.games}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function History({ name, start }: { name: string; start: HistoryResponse | null }) {
  const t = useTranslations("profile");
  const searchWords = useTranslations("gameSearch");
  const errors = useTranslations("errors");
  const common = useTranslations("common");
  const closedWords = useTranslations("accountData");
  const speeds = useTranslations("speeds");
  const locale = useLocale();
  const gameTitle = useGameTitle();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<SearchForm>(EMPTY_SEARCH);
  const [games, setGames] = useState<readonly HistoryEntry[]>(start?.games ?? []);
  const [more, setMore] = useState(start?.more ?? false);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set(start?.closed ?? []));
  const [refusal, setRefusal] = useState<{ readonly code: string; readonly message: string } | null>(null);
  useEffect(() => {
    let live = true;
    void fetchHistory(name, searchQuery(search, page)).then((answer) => {
      if (!live) return;
      if (!answer.ok) {
        setRefusal(answer);
        return;
      }
      setRefusal(null);
      setGames(answer.games);
      setMore(answer.more);
      setClosed(new Set(answer.closed ?? []));
    });
    return () => {
      live = false;
    };
  }, [name, page, search]);
  const searching = isSearching(search);
  if (games.length === 0 && page === 1 && !searching && refusal === null) {
    return <p className="muted">{t("noGames")}</p>;
  }
  return (
    <>
      <GameSearch
        onSearch={(form) => {
          setSearch(form);
          setPage(1);
        }}
      />
      {refusal !== null && (
        <p className="error" role="alert">
          {failureText(errors, locale, refusal)}
        </p>
      )}
      {games.length === 0 && (
        <p className="muted" data-testid="search-empty">
          {searchWords("noMatch")}
        </p>
      )}
      <table
        hidden={games.length === 0}
        className="room-table"
        aria-label={t("history")}
        data-testid="history"
      >
        <thead>
          <tr>
            <th>{t("when")}</th>
            <th>{common("game")}</th>
            <th>{t("against")}</th>
            <th>{t("result")}</th>
            <th>{t("rating")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <tr key={game.matchId} data-match={game.matchId}>
              {/* In the viewer's time zone, which the server's render cannot know. */}
              <td suppressHydrationWarning>{when.format(new Date(game.endedAt))}</td>
              <td>
                {gameTitle(game.gameId)} · {speeds.has(game.speed) ? speeds(game.speed) : game.speed}
                {game.rated ? ` · ${common("rated")}` : ""}
              </td>
              <td>
                {new Intl.ListFormat(locale, { style: "short", type: "unit" }).format(
                  game.opponents.map((opponent) =>
                    closed.has(opponent) ? closedWords("closedOpponent", { name: opponent }) : opponent,
                  ),
                )}
              </td>
              <td>{t(`outcome.${game.outcome}`)}</td>
              <td>
                {game.ratingBefore !== null && game.ratingAfter !== null
                  ? `${game.ratingAfter} (${game.ratingAfter >= game.ratingBefore ? "+" : "\u2212"}${Math.abs(game.ratingAfter - game.ratingBefore)})`
                  : ""}
              </td>
              <td>
                <Link href={`/play/${encodeURIComponent(game.matchId)}`}>{t("replay")}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pager">
        <button type="button" className="btn small" disabled={page === 1} onClick={() => setPage(page - 1)}>
          {common("newer")}
        </button>
        <span className="muted"> {t("page", { page })} </span>
        <button type="button" className="btn small" disabled={!more} onClick={() => setPage(page + 1)}>
          {common("older")}
        </button>
      </div>
    </>
  );
}
