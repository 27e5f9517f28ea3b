"use client";

import { positionsOf } from "@arena/match";
import type { Snapshot } from "@arena/protocol";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { classify } from "../analysis/classes";
import { AnalysisPanel } from "../analysis/panel";
import { useAnalysis } from "../analysis/use-analysis";
import { failureText } from "../i18n/errors";
import { useGameWords } from "../i18n/use-game-words";
import { playSound } from "../lib/sound";
import { useArena } from "../net/arena-context";
import { maxLevel } from "../net/games-api";
import { useGames } from "../net/use-games";
import { useMatch } from "../net/use-match";
import { boardKey, stepTo } from "./board-keys";
import { BoardPanel } from "./board-panel";
import { BoardTools } from "./board-tools";
import { ChatPanel } from "./chat-panel";
import { Controls } from "./controls";
import { ForecastPanel } from "./forecast";
import { Downloads } from "./downloads";
import { MoveList } from "./move-list";
import { Notices } from "./notices";
import { clickPremove, resolvePremove } from "./premove";
import { RatingChanges } from "./rating-changes";
import { resultText } from "./room-model";
import { roomPreview, usePreviewView } from "./room-preview";
import { RoomShell } from "./room-shell";
import { RoomTitle } from "./room-title";
import { roomView } from "./room-view";
import { Seats } from "./seats";
import { RoomSpeech, useSpeechCommands } from "../speech/room-speech";
import { useSitOnArrival } from "./sit-on-arrival";
import type { SitRequest } from "./sit-request";
import { useCommand } from "./use-command";
import { useFlip } from "./use-flip";

/** The room of one match: composition only; each part below has one job. */
export function Room({
  matchId,
  inviteToken,
  sit = null,
  start = null,
}: {
  matchId: string;
  inviteToken: string | null;
  /** The page was opened to sit (the lobby's Join, an accepted invitation): docs/web.md, "My games". */
  sit?: SitRequest;
  /** The match as the page's server render read it, shown until the socket's snapshot: room/room-preview.tsx. */
  start?: Snapshot | null;
}) {
  const { session } = useArena();
  const router = useRouter();
  const t = useTranslations("room");
  const common = useTranslations("common");
  const errors = useTranslations("errors");
  const seatWords = useTranslations("seats");
  const resultWords = useTranslations("result");
  const myGames = useTranslations("myGames");
  const locale = useLocale();
  const match = useMatch(matchId, inviteToken);
  const commands = useCommand(match.command);
  const games = useGames();
  const [replay, setReplay] = useState<number | null>(null);
  const { flipped, toggle: toggleFlip } = useFlip(matchId);
  // One move queued while the opponent is to move (room/premove.ts), and the last one dropped as illegal.
  const [premove, setPremove] = useState<unknown>(null);
  const [dropped, setDropped] = useState<string | null>(null);
  const { followed, lastEvent, command } = match;
  const view = useMemo(
    () => (followed === null ? null : roomView(followed, session?.user.id, seatWords)),
    [followed, session?.user.id, seatWords],
  );
  const model = view?.model ?? null;
  const words = useGameWords(model?.gameId ?? "");
  const speechCommand = useSpeechCommands(view, match.offset, words);
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

  // Join in one click: the seat is taken as the room loads; the address then drops the request, so that a
  // reload only looks.
  const dropSit = useCallback(() => {
    const query = inviteToken === null ? "" : `?invite=${encodeURIComponent(inviteToken)}`;
    router.replace(`/play/${encodeURIComponent(matchId)}${query}`, { scroll: false });
  }, [router, matchId, inviteToken]);
  const sitState = useSitOnArrival(
    view,
    sit,
    session?.user.id,
    command,
    match.invite ?? inviteToken ?? undefined,
    dropSit,
  );

  // The keys of the board (room/board-keys.ts): ←/→ a ply, Home the start, End live, f flips.
  const total = model?.moves.length ?? 0;
  const canReplay = model?.start !== null && model?.start !== undefined;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = boardKey(e.key, e.target instanceof Element ? e.target : null, e);
      if (action === null) return;
      if (action === "flip") toggleFlip();
      else if (canReplay) setReplay((at) => stepTo(action, at, total));
      else return;
      e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [toggleFlip, canReplay, total]);

  // A takeback can shorten the game under a replay: a ply past the new end is the live position again.
  useEffect(() => {
    if (replay !== null && replay >= total) setReplay(null);
  }, [replay, total]);

  // Premove: sent the moment the viewer is to move, if the engine lists it there; else dropped with a cue.
  const turnSeat = view?.myTurn;
  const premoveState = model?.state ?? null;
  useEffect(() => {
    if (premove === null || view === null || premoveState === null) return;
    // Stepping back through the moves, or the end of the game, cancels it: it was meant for the live board.
    if (!view.live || replay !== null) {
      setPremove(null);
      return;
    }
    if (turnSeat === undefined || commands.busy) return;
    setPremove(null);
    const outcome = resolvePremove(premove, view.web.rules.legalMoves(premoveState));
    const text = view.web.rules.formatMove(premoveState, outcome.move);
    if (outcome.kind === "drop") {
      setDropped(text);
      return;
    }
    void commands.send("match:move", { move: text, seat: turnSeat });
  }, [premove, view, premoveState, turnSeat, replay, commands]);

  // A click anywhere but a square that takes a premove cancels the queued one.
  const queued = premove !== null;
  useEffect(() => {
    if (!queued) return;
    const onClick = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest("[data-premove-target]") !== null) return;
      setPremove(null);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [queued]);

  // The socket's first snapshot swaps the server-rendered preview for the whole live room: rendered as a
  // deferred value, React may split that large render instead of blocking the page while it builds it.
  const liveShown = useDeferredValue(view !== null);
  const preview = usePreviewView(match.error === null ? start : null);

  if (view === null || model === null || !liveShown) {
    if (preview !== null && start !== null) return roomPreview(preview, start.viewers, seatWords);
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
  // The viewer plays and waits for the opponent: a click queues a premove instead of playing.
  const premoving = seat === undefined && view.live && view.mine.length > 0 && replay === null;
  const invite = match.invite ?? inviteToken ?? undefined;
  const Summary = web.extras?.Summary;
  const result = resultText(
    model,
    view.seats,
    web,
    { result: resultWords, seats: seatWords, game: words, locale },
    view.tags,
  );
  const Export = web.extras?.Export;

  return (
    <RoomShell
      live={{ status: model.status, gameId: model.gameId }}
      title={<RoomTitle model={model} viewers={followed?.viewers ?? 0} />}
      notices={
        <>
          {sitState === "taken" && (
            <div className="banner warn seat-notice" role="status" data-testid="seat-taken">
              {myGames("seatTaken")}
            </div>
          )}
          {sitState === "joining" && (
            <p className="muted seat-notice" role="status">
              {myGames("joining")}
            </p>
          )}
          <Notices
            syncing={match.syncing}
            result={result}
            waiting={model.status === "waiting"}
            refusal={commands.refusal}
          />
          {model.rated && model.status === "finished" && (
            <RatingChanges matchId={matchId} seats={view.seats} />
          )}
          <RoomSpeech view={view} offset={match.offset} result={result} gameWords={words} />
        </>
      }
      board={
        <BoardPanel
          web={web}
          state={shown}
          lastMove={lastMove}
          interactive={seat !== undefined && replay === null && !commands.busy}
          viewerSeat={view.mine[0] ?? null}
          hint={hint}
          flipped={flipped}
          {...(speechCommand === undefined ? {} : { onCommand: speechCommand })}
          premove={
            premoving
              ? {
                  queued: premove,
                  onClick: (move) => {
                    setDropped(null);
                    setPremove((was: unknown) => clickPremove(was, move));
                  },
                }
              : undefined
          }
          onMove={(move) => {
            if (seat === undefined || shown === null) return;
            setDropped(null);
            void commands.send("match:move", { move: web.rules.formatMove(shown, move), seat });
          }}
        />
      }
      tools={
        <BoardTools
          flipped={flipped}
          onFlip={toggleFlip}
          replay={replay}
          total={model.moves.length}
          onLive={() => setReplay(null)}
          premove={
            premoving && premove !== null && shown !== null ? web.rules.formatMove(shown, premove) : null
          }
          dropped={dropped}
        />
      }
      side={
        <>
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
          <Controls view={view} commands={commands} offset={match.offset} />
          <ForecastPanel view={view} commands={commands} read={match.command} />
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
          <Downloads model={model} />
          <ChatPanel matchId={matchId} view={view} viewerId={session?.user.id} commands={commands} />
        </>
      }
    />
  );
}
