"use client";

import { positionsOf } from "@arena/match";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { classify } from "../analysis/classes";
import { AnalysisPanel } from "../analysis/panel";
import { useAnalysis } from "../analysis/use-analysis";
import { failureText } from "../i18n/errors";
import { useGameTitle, useGameWords } from "../i18n/use-game-words";
import { formatTimeControl } from "../lib/clock";
import { playSound } from "../lib/sound";
import { useArena } from "../net/arena-context";
import { maxLevel } from "../net/games-api";
import { useGames } from "../net/use-games";
import { useMatch } from "../net/use-match";
import { BoardPanel } from "./board-panel";
import { ChatPanel } from "./chat-panel";
import { Controls } from "./controls";
import { MoveList } from "./move-list";
import { Notices } from "./notices";
import { RatingChanges } from "./rating-changes";
import { resultText } from "./room-model";
import { roomView } from "./room-view";
import { Seats } from "./seats";
import { useCommand } from "./use-command";

/** The room of one match: composition only; each part below has one job. */
export function Room({ matchId, inviteToken }: { matchId: string; inviteToken: string | null }) {
  const { session } = useArena();
  const router = useRouter();
  const t = useTranslations("room");
  const common = useTranslations("common");
  const errors = useTranslations("errors");
  const seatWords = useTranslations("seats");
  const resultWords = useTranslations("result");
  const locale = useLocale();
  const match = useMatch(matchId, inviteToken);
  const commands = useCommand(match.command);
  const games = useGames();
  const [replay, setReplay] = useState<number | null>(null);
  const { followed, lastEvent, command } = match;
  const view = useMemo(
    () => (followed === null ? null : roomView(followed, session?.user.id, seatWords)),
    [followed, session?.user.id, seatWords],
  );
  const model = view?.model ?? null;
  const words = useGameWords(model?.gameId ?? "");
  const titleOf = useGameTitle();
  // Post-game analysis: for finished games only (docs/analysis.md), never during a live one.
  const finished = model?.status === "finished";
  const analysis = useAnalysis(matchId, finished, session?.token ?? null);
  const analysed = finished && analysis.state.kind === "done" ? analysis.state.analysis : null;
  // Every position of the game, for replay: folded when replay starts and once per move while it lasts.
  const replaying = replay !== null;
  const positions = useMemo(
    () => (model === null || !replaying ? null : positionsOf(model)),
    [model, replaying],
  );

  // Sounds: a move and the end (the clock beeps itself).
  useEffect(() => {
    if (lastEvent?.event.type === "moved") playSound("move");
    if (lastEvent?.event.type === "ended") playSound("end");
  }, [lastEvent]);

  // Players follow a rematch as soon as it is agreed.
  const nextMatchId = model?.nextMatchId ?? null;
  const isPlayer = (view?.mine.length ?? 0) > 0;
  useEffect(() => {
    if (nextMatchId !== null && isPlayer && lastEvent?.event.type === "rematch") {
      router.push(`/play/${encodeURIComponent(nextMatchId)}`);
    }
  }, [nextMatchId, isPlayer, lastEvent, router]);

  const onFlag = useCallback(() => void command("match:flag", {}), [command]);

  if (view === null || model === null) {
    return (
      <div className="room-loading">
        {match.error !== null ? (
          <p className="error" role="alert">
            {failureText(errors, locale, match.error)}
          </p>
        ) : (
          <p className="muted">{t("loading")}</p>
        )}
        <Link href="/">{common("backToLobby")}</Link>
      </div>
    );
  }

  const { web } = view;
  const selected = replay ?? model.moves.length;
  const hint = analysed?.positions[selected]?.bestMove ?? null;
  const marks = analysed?.moves.map((move, i) => {
    const before = analysed.positions[i];
    const after = analysed.positions[i + 1];
    return before === undefined || after === undefined
      ? { text: null, moveClass: "unknown" as const }
      : { text: web.analysis.mark(move, before, after, words), moveClass: classify(move, before, after) };
  });
  const shown = replay === null ? model.state : (positions?.[replay] ?? model.state);
  const lastMove = model.moves.at((replay ?? model.moves.length) - 1)?.move ?? null;
  const seat = view.myTurn;
  const invite = match.invite ?? inviteToken ?? undefined;
  // A start the host chose is shown from the moment the room exists, before anyone sits (issue 26).
  const chosenStart = model.game.chosenStart?.(model.options) ?? null;
  const Summary = web.extras?.Summary;
  const Export = web.extras?.Export;

  return (
    <div className="room" data-status={model.status} data-game={model.gameId}>
      <div className="room-board">
        <div className="room-title">
          <h1>{titleOf(model.gameId, model.options)}</h1>
          <span className="muted">
            {formatTimeControl(model.timeControl)} · {model.rated ? `${common("rated")} · ` : ""}
            {model.visibility === "public" ? t("public") : t("linkOnly")} ·{" "}
            <span data-testid="viewers">{t("viewers", { count: followed?.viewers ?? 0 })}</span> ·{" "}
            <Link href={`/how-to-play/${encodeURIComponent(model.gameId)}`} data-testid="room-how-to-play">
              {t("howToPlay", { game: words("title") })}
            </Link>
          </span>
          {chosenStart !== null && (
            <p className="muted" data-testid="room-start">
              {common("chosenStart", { start: chosenStart })}
            </p>
          )}
        </div>
        <Notices
          syncing={match.syncing}
          result={resultText(
            model,
            view.seats,
            web,
            { result: resultWords, seats: seatWords, game: words, locale },
            view.tags,
          )}
          waiting={model.status === "waiting"}
          refusal={commands.refusal}
        />
        {model.rated && model.status === "finished" && <RatingChanges matchId={matchId} seats={view.seats} />}
        <BoardPanel
          web={web}
          state={shown}
          lastMove={lastMove}
          interactive={seat !== undefined && replay === null && !commands.busy}
          viewerSeat={view.mine[0] ?? null}
          hint={hint}
          onMove={(move) => {
            if (seat === undefined || shown === null) return;
            void commands.send("match:move", { move: web.rules.formatMove(shown, move), seat });
          }}
        />
      </div>

      <aside className="room-side">
        <Seats
          view={view}
          offset={match.offset}
          commands={commands}
          invite={invite}
          isHost={session?.user.id === model.host.id}
          aiLevel={games === null ? null : maxLevel(games.find((g) => g.id === model.gameId))}
          onFlag={onFlag}
        />
        {Summary !== undefined && model.state !== null && replay === null && (
          <Summary model={model} state={model.state} players={view.players} />
        )}
        <Controls view={view} commands={commands} />
        <MoveList
          view={view}
          replay={replay}
          setReplay={setReplay}
          {...(marks === undefined ? {} : { marks })}
        />
        {finished && shown !== null && (
          <AnalysisPanel
            web={web}
            state={analysis.state}
            start={analysis.start}
            selected={selected}
            onSelect={(ply) => setReplay(ply === model.moves.length ? null : ply)}
            position={web.rules.serialize(shown)}
            players={view.players}
          />
        )}
        {Export !== undefined && model.state !== null && model.moves.length > 0 && (
          <Export model={model} state={model.state} players={view.players} />
        )}
        <ChatPanel matchId={matchId} view={view} viewerId={session?.user.id} commands={commands} />
      </aside>
    </div>
  );
}
