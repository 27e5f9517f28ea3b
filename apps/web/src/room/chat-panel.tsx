"use client";

import { isOver } from "@arena/match";
import type { ChatChannel, ChatPhrase, UserRef } from "@arena/protocol";
import { CHAT_PHRASES } from "@arena/protocol/values";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { labelOf, nameTags } from "../lib/names";
import { PlayerName, useDisplayName } from "../ui/player-name";
import { ChatForm } from "./chat-form";
import { linesOf, refusalText } from "./chat-lines";
import type { RoomView } from "./room-view";
import type { Commands } from "./use-command";
import { useChat } from "./use-chat";
import { ReportButton } from "../moderation/report-button";
import { sanctionText } from "../moderation/sanction-text";
import { useChatSpeech } from "../speech/chat-speech";

/** The host's slow-mode choices for the spectators' channel, in seconds (0: off). */
const SLOW_MODE_CHOICES = [0, 10, 30, 60, 120] as const;

/** Each quick phrase's key in the `quickChat` namespace. */
const PHRASE_KEYS = {
  hello: "hello",
  "good-luck": "good-luck",
  "have-fun": "have-fun",
  "good-game": "good-game",
  "well-played": "well-played",
  thanks: "thanks",
} as const satisfies Record<ChatPhrase, string>;

/**
 * The room's chat (docs/web.md, "Chat"): the viewer's channel while the match is not over, both channels,
 * labelled, in its replay; the opponent's mute button, the host's spectator-chat switch and slow mode. Lines are React
 * text, never HTML.
 */
export function ChatPanel({
  matchId,
  view,
  viewerId,
  commands,
}: {
  matchId: string;
  view: RoomView;
  viewerId: string | undefined;
  commands: Commands;
}) {
  const { model } = view;
  const t = useTranslations("chat");
  const quick = useTranslations("quickChat");
  const displayName = useDisplayName();
  const errors = useTranslations("errors");
  const moderation = useTranslations("moderation");
  const locale = useLocale();
  const mine: ChatChannel = view.mine.length > 0 ? "players" : "spectators";
  const over = isOver(model);
  const chat = useChat(matchId, over ? "both" : mine);
  useChatSpeech(
    chat.lines,
    viewerId,
    useCallback((line) => (line.phrase === undefined ? line.text : quick(PHRASE_KEYS[line.phrase])), [quick]),
  );
  const [text, setText] = useState("");
  const closed = mine === "spectators" && !model.spectatorChat;
  const isHost = viewerId !== undefined && viewerId === model.host.id;
  const opponents = useMemo(() => {
    const seated = model.slots.flatMap((slot) => (slot.kind === "human" ? [slot.user] : []));
    return [...new Map(seated.map((user) => [user.id, user])).values()].filter(
      (user) => user.id !== viewerId,
    );
  }, [model.slots, viewerId]);
  const tags = useMemo(
    () => nameTags([...opponents, ...chat.lines.map((line): UserRef => line.author)]),
    [opponents, chat.lines],
  );
  const shown = chat.channels.length > 0 ? chat.channels : [mine];

  const send = async () => {
    if (await chat.say(mine, text)) setText("");
  };

  return (
    <section className="chat" data-testid="chat-panel" aria-label={t("title")}>
      <div className="chat-head">
        <h2>{t("title")}</h2>
        {isHost && (
          <label className="chat-switch">
            <input
              type="checkbox"
              data-testid="chat-spectator-switch"
              checked={model.spectatorChat}
              disabled={model.status === "cancelled"}
              onChange={(event) => void commands.send("room:spectator-chat", { open: event.target.checked })}
            />{" "}
            {t("spectatorSwitch")}
          </label>
        )}
        {isHost && (
          <label className="chat-switch">
            {t("slowMode")}{" "}
            <select
              data-testid="chat-slow-mode"
              value={model.spectatorSlowSeconds}
              disabled={model.status === "cancelled"}
              onChange={(event) =>
                void commands.send("room:spectator-chat", {
                  open: model.spectatorChat,
                  slowSeconds: Number(event.target.value),
                })
              }
            >
              {SLOW_MODE_CHOICES.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds === 0 ? t("slowOff") : t("slowEvery", { seconds })}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {mine === "spectators" && !closed && model.spectatorSlowSeconds > 0 && (
        <p className="muted" data-testid="chat-slow-notice">
          {t("slowOn", { seconds: model.spectatorSlowSeconds })}
        </p>
      )}
      {view.mine.length > 0 &&
        opponents.map((user) => {
          const muted = chat.muted.includes(user.id);
          const name = displayName(labelOf(user, tags));
          return (
            <button
              key={user.id}
              type="button"
              className="btn small chat-mute"
              data-testid="chat-mute"
              aria-pressed={muted}
              onClick={() => void chat.mute(user.id, !muted)}
            >
              {muted ? t("unmute", { name }) : t("mute", { name })}
            </button>
          );
        })}
      {shown.map((channel) => {
        const lines = linesOf(chat.lines, channel, chat.muted);
        return (
          <div key={channel} className="chat-channel" data-testid={`chat-channel-${channel}`}>
            {shown.length > 1 && <h3>{t(`channel.${channel}`)}</h3>}
            {lines.length === 0 ? (
              <p className="muted">{t("empty")}</p>
            ) : (
              <ol className="chat-lines">
                {lines.map((line) => (
                  <li key={line.id} data-testid="chat-line" data-channel={line.channel}>
                    <PlayerName label={labelOf(line.author, tags)} />
                    {line.author.bot && <span className="name-tag"> {t("bot")}</span>}:{" "}
                    <span
                      className={line.phrase === undefined ? "chat-text" : "chat-text chat-phrase"}
                      data-testid="chat-text"
                      data-phrase={line.phrase}
                    >
                      {line.phrase === undefined ? line.text : quick(PHRASE_KEYS[line.phrase])}
                    </span>{" "}
                    <ReportButton
                      name={line.author.name}
                      id={line.author.id}
                      matchId={matchId}
                      lineId={line.id}
                      compact
                    />
                  </li>
                ))}
              </ol>
            )}
          </div>
        );
      })}
      {closed ? (
        <p className="muted" data-testid="chat-closed">
          {t("closed")}
        </p>
      ) : (
        <div className="chat-phrases" role="group" aria-label={quick("title")}>
          {CHAT_PHRASES.map((phrase) => (
            <button
              key={phrase}
              type="button"
              data-testid={`chat-phrase-${phrase}`}
              onClick={() => void chat.sayPhrase(mine, phrase)}
            >
              {quick(PHRASE_KEYS[phrase])}
            </button>
          ))}
        </div>
      )}
      {!closed && (
        <ChatForm
          text={text}
          onText={setText}
          onSend={() => void send()}
          placeholder={t(`placeholder.${mine}`)}
          testIds="chat"
        />
      )}
      {chat.refusal !== null && (
        <p className="error" role="alert" data-testid="chat-refusal">
          {sanctionText(moderation, locale, chat.refusal) ?? refusalText(chat.refusal, t, errors, locale)}
        </p>
      )}
    </section>
  );
}
