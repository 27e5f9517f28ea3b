"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, createContext, useCallback, useContext, useMemo, useRef, useState } from "react";
import { InboxSpeech } from "./inbox-speech";
import "./speech.css";

/** The last announcements kept in the live region: a screen reader speaks each as it is added. */
const KEPT = 8;

interface Speech {
  /** Whether the page is in the screen-reader mode. */
  readonly on: boolean;
  /** Says a text through the live region (nothing outside the mode). */
  announce(this: void, text: string): void;
}

const SpeechContext = createContext<Speech>({ on: false, announce: () => undefined });

/** The screen-reader mode and its announcer, for every page (docs/web.md, "Screen-reader mode"). */
export function useSpeech(): Speech {
  return useContext(SpeechContext);
}

/**
 * Holds the mode the server decided (src/speech/mode-server.ts) and, in the mode, the page's one polite
 * live region. Each announcement is a new line of it, so the same words said twice are spoken twice.
 */
export function SpeechProvider({ on, children }: { on: boolean; children: ReactNode }) {
  const t = useTranslations("speech");
  const [said, setSaid] = useState<readonly { readonly id: number; readonly text: string }[]>([]);
  const next = useRef(0);
  const announce = useCallback(
    (text: string) => {
      if (!on || text === "") return;
      const id = next.current++;
      setSaid((held) => [...held, { id, text }].slice(-KEPT));
    },
    [on],
  );
  const value = useMemo(() => ({ on, announce }), [on, announce]);
  return (
    <SpeechContext.Provider value={value}>
      {children}
      {on && (
        <>
          <InboxSpeech announce={announce} />
          <div
            role="log"
            aria-live="polite"
            aria-label={t("announcements")}
            className="sr-only"
            data-testid="sr-announcer"
          >
            {said.map((line) => (
              <p key={line.id}>{line.text}</p>
            ))}
          </div>
        </>
      )}
    </SpeechContext.Provider>
  );
}
