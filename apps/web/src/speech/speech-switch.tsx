"use client";

import { useTranslations } from "next-intl";
import { SPEECH_COOKIE, SPEECH_COOKIE_MAX_AGE, SPEECH_QUERY, speechFlag } from "./mode";
import { useSpeech } from "./speech-context";
import "./speech.css";

/**
 * The header's screen-reader switch: the choice is kept in a cookie, like the language, and the page loads
 * again in it so that the server renders it (a `?sr=` in the address would override the cookie: dropped).
 */
export function SpeechSwitch() {
  const t = useTranslations("speech");
  const { on } = useSpeech();
  return (
    <button
      type="button"
      className="btn small speech-switch"
      data-testid="speech-switch"
      aria-pressed={on}
      onClick={() => {
        document.cookie = `${SPEECH_COOKIE}=${speechFlag(!on)}; path=/; max-age=${SPEECH_COOKIE_MAX_AGE}; samesite=lax`;
        const url = new URL(window.location.href);
        url.searchParams.delete(SPEECH_QUERY);
        window.location.assign(url.toString());
      }}
    >
      {t("switch")}
    </button>
  );
}

/** The first stop of the Tab key on every page: past the header to the page's own content. */
export function SkipLink() {
  const t = useTranslations("speech");
  return (
    <a href="#main" className="skip-link">
      {t("skip")}
    </a>
  );
}
