"use client";

import type { ChatLine } from "@arena/protocol";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useSpeech } from "./speech-context";

/**
 * The line to announce among `lines`, and marks them all heard. Lines come one at a time as they are said;
 * several new at once are a history (on opening, on a reconnect), which the panel shows and the announcer
 * does not read out. The viewer's own lines are not read back.
 */
export function lineToSay(
  lines: readonly ChatLine[],
  heard: Set<string>,
  viewerId: string | undefined,
): ChatLine | null {
  const fresh = lines.filter((line) => !heard.has(line.id));
  for (const line of fresh) heard.add(line.id);
  const [said] = fresh;
  return fresh.length === 1 && said !== undefined && said.author.id !== viewerId ? said : null;
}

/**
 * Announces each chat line the others say while the room is open (`wordOf` words a line as the panel shows
 * it, a quick phrase in the reader's language).
 */
export function useChatSpeech(
  lines: readonly ChatLine[],
  viewerId: string | undefined,
  wordOf: (line: ChatLine) => string,
): void {
  const t = useTranslations("speech");
  const { on, announce } = useSpeech();
  const heard = useRef(new Set<string>());
  useEffect(() => {
    if (!on) return;
    const said = lineToSay(lines, heard.current, viewerId);
    if (said !== null) announce(t("chat", { name: said.author.name, text: wordOf(said) }));
  }, [on, lines, viewerId, wordOf, announce, t]);
}
