"use client";

import type { ChatChannel, ChatLine, ChatPhrase } from "@arena/protocol";
import { useCallback, useEffect, useState } from "react";
import { useArena } from "../net/arena-context";
import { type ChatRefusal, mergeLines } from "./chat-lines";

export interface ChatState {
  /** The channels the viewer reads: their own while the match is not over, both once it is. */
  readonly channels: readonly ChatChannel[];
  readonly lines: readonly ChatLine[];
  /** The users the viewer muted in this match (kept by the server). */
  readonly muted: readonly string[];
  /** The last refusal, until the next line is taken (the panel words it). */
  readonly refusal: ChatRefusal | null;
  /** Says a line; true once the server took it. */
  readonly say: (channel: ChatChannel, text: string) => Promise<boolean>;
  /** Sends a quick phrase by its id; each reader words it in their own language. */
  readonly sayPhrase: (channel: ChatChannel, phrase: ChatPhrase) => Promise<boolean>;
  readonly mute: (userId: string, muted: boolean) => Promise<void>;
}

/**
 * A match's chat as the viewer may read it (docs/protocol.md, "Chat"): the history, asked again on every
 * (re)connect and whenever what the viewer reads changes (`readKey`: their channel, or both once over),
 * and the lines said since, as they come.
 */
export function useChat(matchId: string, readKey: string): ChatState {
  const { client, connectCount } = useArena();
  const [lines, setLines] = useState<readonly ChatLine[]>([]);
  const [channels, setChannels] = useState<readonly ChatChannel[]>([]);
  const [muted, setMuted] = useState<readonly string[]>([]);
  const [refusal, setRefusal] = useState<ChatRefusal | null>(null);
  // Bumped by an unmute: the lines said meanwhile were never sent to this page, the history has them.
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (client === null) return;
    const onLine = (line: { matchId: string } & ChatLine) => {
      if (line.matchId !== matchId) return;
      const { matchId: _match, ...kept } = line;
      setLines((held) => mergeLines(held, [kept]));
    };
    // A line a moderator removed leaves the page too (docs/protocol.md, "Moderation").
    const onRemoved = (removed: { matchId: string; lineId: string }) => {
      if (removed.matchId !== matchId) return;
      setLines((held) => held.filter((line) => line.id !== removed.lineId));
    };
    client.socket.on("chat:line", onLine);
    client.socket.on("chat:removed", onRemoved);
    return () => {
      client.socket.off("chat:line", onLine);
      client.socket.off("chat:removed", onRemoved);
    };
  }, [client, matchId]);

  useEffect(() => {
    if (client === null || connectCount === 0) return;
    let current = true;
    void client.request("chat:history", { matchId }).then((ack) => {
      if (!current || !ack.ok) return;
      // What the viewer may read may have changed (a seat taken, the end): the history is the whole truth.
      setLines(mergeLines([], ack.lines));
      setChannels(ack.channels);
      setMuted(ack.muted);
    });
    return () => {
      current = false;
    };
  }, [client, connectCount, matchId, readKey, asked]);

  // A line the server took is shown at once; a refusal is kept for the panel to word.
  const answered = useCallback((ack: { readonly ok: true; readonly line: ChatLine } | ChatRefusal) => {
    if (!ack.ok) {
      setRefusal(ack);
      return false;
    }
    setRefusal(null);
    setLines((held) => mergeLines(held, [ack.line]));
    return true;
  }, []);

  const say = useCallback(
    async (channel: ChatChannel, text: string) =>
      client !== null && answered(await client.request("chat:say", { matchId, channel, text })),
    [client, matchId, answered],
  );

  const sayPhrase = useCallback(
    async (channel: ChatChannel, phrase: ChatPhrase) =>
      client !== null && answered(await client.request("chat:phrase", { matchId, channel, phrase })),
    [client, matchId, answered],
  );

  const mute = useCallback(
    async (userId: string, on: boolean) => {
      if (client === null) return;
      const ack = await client.request("chat:mute", { matchId, userId, muted: on });
      if (!ack.ok) {
        setRefusal(ack);
        return;
      }
      setMuted(ack.muted);
      if (!on) setAsked((n) => n + 1);
    },
    [client, matchId],
  );

  return { channels, lines, muted, refusal, say, sayPhrase, mute };
}
