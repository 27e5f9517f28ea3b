"use client";

import type { TournamentChatLine, TournamentView } from "@arena/protocol";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../i18n/errors";
import { useGameTitle } from "../i18n/use-game-words";
import { formatTimeControl } from "../lib/clock";
import { useArena } from "../net/arena-context";
import { type TournamentAction, tournamentAction } from "../net/tournaments-api";
import { useTournament } from "../net/use-tournament";
import { PlayerName } from "../ui/player-name";
import { Crosstable } from "./crosstable";
import { TournamentDownloads } from "./tournament-downloads";
import { type Progress, playersOf, progressOf } from "./format";
import { Rounds } from "./rounds";
import { Standings } from "./standings";
import { TournamentChat } from "./tournament-chat";
import { TournamentTv } from "./tournament-tv";
import { useWallClock } from "./use-wall-clock";

/** `/tournaments/<id>`: the header, the viewer's and creator's controls, standings, rounds, crosstable, TV. */
export function TournamentPage({ id }: { id: string }) {
  const { state, accept, chat, acceptLines } = useTournament(id);
  const t = useTranslations("tournaments");
  const common = useTranslations("common");
  const errors = useTranslations("errors");
  const locale = useLocale();
  if (state.status === "loading") return <p className="muted">{common("loading")}</p>;
  if (state.status === "missing") {
    return (
      <div className="panel" data-testid="tournament-missing">
        <h1>{t("missing")}</h1>
        <Link href="/tournaments">{t("backToList")}</Link>
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <p className="error" role="alert" data-testid="tournament-error">
        {failureText(errors, locale, state)}
      </p>
    );
  }
  return <Tournament view={state.view} accept={accept} chat={chat} acceptLines={acceptLines} />;
}

/** A loaded tournament; `accept` takes the view an action answered (the socket brings it too). */
function Tournament({
  view,
  accept,
  chat,
  acceptLines,
}: {
  view: TournamentView;
  accept: (view: TournamentView) => void;
  chat: readonly TournamentChatLine[];
  acceptLines: (lines: readonly TournamentChatLine[]) => void;
}) {
  const { session } = useArena();
  const t = useTranslations("tournaments");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const titleOf = useGameTitle();
  const now = useWallClock(
    view.status !== "finished" && (view.status === "running" || view.startsAt !== null),
  );
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const me = session === null ? undefined : view.standings.find((s) => s.userId === session.user.id);
  const creator = session !== null && session.user.id === view.createdBy.id;
  const open = view.status !== "finished";
  // The server refuses anyone else's join (`not-invited`); an entrant may still withdraw and come back.
  const invitedOut =
    view.invitationOnly &&
    session !== null &&
    !creator &&
    me === undefined &&
    !view.invited.some((invitee) => invitee.id === session.user.id);

  const act = async (command: TournamentAction) => {
    const token = session?.token;
    if (token === undefined) return;
    setBusy(true);
    const answer = await tournamentAction(view.id, command, token);
    setBusy(false);
    if (answer.ok) {
      setRefusal(null);
      accept(answer.tournament);
    } else setRefusal(answer);
  };
  const button = (command: TournamentAction, label: string, testId: string) => (
    <button
      type="button"
      className="btn"
      data-testid={testId}
      disabled={busy || session === null}
      onClick={() => void act(command)}
    >
      {label}
    </button>
  );
  const top = view.topGame === null ? null : playersOf(view.roundsPlayed, view.topGame);

  return (
    <div
      className="tournament"
      data-testid="tournament"
      data-status={view.status}
      data-version={view.version}
    >
      <section className="panel tournament-head">
        <h1 data-testid="tournament-title">
          <bdi dir="auto" data-testid="tournament-name-text">
            {view.name}
          </bdi>
        </h1>
        <p className="tournament-facts">
          {titleOf(view.gameId)} · {t(`format.${view.format}`)} · {formatTimeControl(view.timeControl)}
          {view.rated && <> · {t("ratedMark")}</>}
          {view.berserk && <> · {t("berserk")}</>}
          {view.double && <> · {t("double")}</>}
          {view.invitationOnly && <> · {t("byInvitation")}</>}
        </p>
        <p>
          <span data-testid="tournament-status">{t(`status.${view.status}`)}</span>
          {" · "}
          <span data-testid="tournament-progress">{progressText(progressOf(view, now), t)}</span>
        </p>
        <p className="muted small">
          {t("createdBy")} <PlayerName label={{ name: view.createdBy.name, tag: null, account: true }} />
          {" · "}
          {t("playersOf", { players: view.standings.length, max: view.maxPlayers })}
        </p>
        {view.invited.length > 0 && (
          <p className="muted small" data-testid="tournament-invited">
            {t("invited")}{" "}
            {view.invited.map((invitee, i) => (
              <span key={invitee.id}>
                {i > 0 && ", "}
                <PlayerName label={{ name: invitee.name, tag: null, account: true }} />
              </span>
            ))}
          </p>
        )}
        <div className="row tournament-controls">
          {open &&
            !invitedOut &&
            (me === undefined || me.withdrawn) &&
            button({ action: "join" }, t("join"), "tournament-join")}
          {open && invitedOut && (
            <p className="muted" data-testid="tournament-invitation-line">
              {t("invitationOnlyLine")}
            </p>
          )}
          {open &&
            me !== undefined &&
            !me.withdrawn &&
            button({ action: "withdraw" }, t("withdraw"), "tournament-withdraw")}
          {view.format === "arena" &&
            view.status === "running" &&
            me !== undefined &&
            !me.withdrawn &&
            button(
              { action: "pause", paused: !me.paused },
              me.paused ? t("resume") : t("pause"),
              "tournament-pause",
            )}
          {creator &&
            view.status === "waiting" &&
            button({ action: "start" }, t("startNow"), "tournament-start")}
          {creator && open && button({ action: "end" }, t("end"), "tournament-end")}
        </div>
        {refusal !== null && (
          <p className="error" role="alert" data-testid="tournament-refusal">
            {failureText(errors, locale, refusal)}
          </p>
        )}
      </section>
      {view.topGame !== null && (
        <section className="panel tournament-tv" data-testid="tournament-tv">
          <h2>{t("topGame")}</h2>
          <TournamentTv key={view.topGame} matchId={view.topGame} names={top ?? undefined} />
          <p>
            <Link
              href={`/play/${encodeURIComponent(view.topGame)}`}
              className="btn"
              data-testid="watch-top-game"
            >
              {t("watchTopGame")}
            </Link>
          </p>
        </section>
      )}
      <section className="panel">
        <h2>{t("standings")}</h2>
        <Standings
          view={view}
          onRemove={creator && open ? (entrant) => void act({ action: "remove", entrant }) : undefined}
        />
        <TournamentDownloads view={view} />
      </section>
      {view.crosstable !== null && view.format !== "arena" && (
        <section className="panel">
          <h2>{t("crosstable")}</h2>
          <Crosstable table={view.crosstable} standings={view.standings} />
        </section>
      )}
      <section className="panel">
        <h2>{view.format === "arena" ? t("waves") : t("rounds")}</h2>
        <Rounds view={view} />
      </section>
      <TournamentChat tournamentId={view.id} lines={chat} accept={acceptLines} />
    </div>
  );
}

/** The header's progress, worded: a countdown, "round N of M", time left, or the end. */
function progressText(
  progress: Progress,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  switch (progress.kind) {
    case "startsIn":
      return t("startsIn", { left: progress.left });
    case "startsSoon":
      return t("startsSoon");
    case "waitingForCreator":
      return t("waitingForCreator");
    case "round":
      return t("roundOf", { round: progress.round, of: progress.of });
    case "timeLeft":
      return t("timeLeft", { left: progress.left });
    case "ending":
      return t("ending");
    case "finished":
      return t("finishedAt");
  }
}
