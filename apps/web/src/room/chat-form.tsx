"use client";

import { MAX_CHAT_CHARS } from "@arena/protocol/values";
import { useTranslations } from "next-intl";
import { charactersLeft, counterShown } from "./chat-lines";

/**
 * The line being written and its send button, for any chat channel (a match's, a tournament's): the
 * characters left shown near the limit, sending refused while the line is empty or too long. Test ids are
 * `<testIds>-input`, `-counter` and `-send`.
 */
export function ChatForm({
  text,
  onText,
  onSend,
  placeholder,
  testIds,
  disabled = false,
}: {
  text: string;
  onText: (text: string) => void;
  onSend: () => void;
  placeholder: string;
  testIds: string;
  disabled?: boolean;
}) {
  const t = useTranslations("chat");
  const left = charactersLeft(text);
  return (
    <form
      className="chat-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <input
        type="text"
        data-testid={`${testIds}-input`}
        value={text}
        // UTF-16 units, never fewer than the code points the server counts: a typed line stays within it.
        maxLength={MAX_CHAT_CHARS}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(event) => onText(event.target.value)}
      />
      {counterShown(left) && (
        <span
          className={left < 0 ? "chat-counter over" : "chat-counter"}
          data-testid={`${testIds}-counter`}
          aria-label={t("charactersLeft", { left })}
        >
          {left}
        </span>
      )}
      <button
        type="submit"
        className="btn small"
        data-testid={`${testIds}-send`}
        disabled={disabled || left < 0 || text.trim() === ""}
      >
        {t("send")}
      </button>
    </form>
  );
}
