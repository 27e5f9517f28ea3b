"use client";

import type { TournamentChatLine, TournamentId, UserRef } from "@arena/protocol";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { labelOf, nameTags } from "../lib/names";
import { useArena } from "../net/arena-context";
import { ChatForm } from "../room/chat-form";
import { type ChatRefusal, refusalText } from "../room/chat-lines";
import { PlayerName } from "../ui/player-name";

/**
 * The tournament's chat (docs/web.md, "Tournaments"): one channel for its players and spectators; lines
 * arrive pushed (`useTournament`), the sender's own also from its ack. Lines are React text, never HTML.
 */
export function TournamentChat({
  tournamentId,
  lines,
  accept,
}: {
  tournamentId: TournamentId;
  lines: readonly TournamentChatLine[];
  accept: (lines: readonly TournamentChatLine[]) => void;
}) {
  const { client } = useArena();
  const t = useTranslations("tournamentLive");
  const chatWords = useTranslations("chat");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<ChatRefusal | null>(null);
  const tags = useMemo(() => nameTags(lines.map((line): UserRef => line.author)), [lines]);

  const send = async () => {
    if (client === null) return;
    const ack = await client.request("tournament:chat", { tournamentId, text });
    if (ack.ok) {
      accept([ack.line]);
      setText("");
      setRefusal(null);
    } else setRefusal(ack);
  };

  return (
    <section className="panel chat tournament-chat" data-testid="tournament-chat" aria-label={t("chatTitle")}>
      <h2>{t("chatTitle")}</h2>
      {lines.length === 0 ? (
        <p className="muted">{chatWords("empty")}</p>
      ) : (
        <ol className="chat-lines">
          {lines.map((line) => (
            <li key={line.id} data-testid="tournament-chat-line">
              <PlayerName label={labelOf(line.author, tags)} />
              {line.author.bot && <span className="name-tag"> {t("bot")}</span>}:{" "}
              <span className="chat-text" data-testid="tournament-chat-text">
                {line.text}
              </span>
            </li>
          ))}
        </ol>
      )}
      <ChatForm
        text={text}
        onText={setText}
        onSend={() => void send()}
        placeholder={t("chatPlaceholder")}
        testIds="tournament-chat"
        disabled={client === null}
      />
      {refusal !== null && (
        <p className="error" role="alert" data-testid="tournament-chat-refusal">
          {refusalText(refusal, chatWords, errors, locale)}
        </p>
      )}
    </section>
  );
}
