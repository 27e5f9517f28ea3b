import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { type PlayerLabel, type RichText, defaultGuestId } from "../lib/names";

/** How a name reads on the page: as itself, or a guest's default name in the page's language. */
export function useDisplayName(): (label: PlayerLabel) => string {
  const t = useTranslations("names");
  return useCallback(
    (label: PlayerLabel) => {
      const guest = defaultGuestId(label);
      return guest === null ? label.name : t("guest", { id: guest });
    },
    [t],
  );
}

/**
 * A player's name (docs/web.md, "Names"): isolated from the text around it (`<bdi dir="auto">`, so a
 * right-to-left name cannot reorder its neighbours), cut with an ellipsis where its place ends (the full
 * name in the tooltip), and followed by a short id when another player in view has the same name.
 */
export function PlayerName({ label }: { label: PlayerLabel }) {
  const name = useDisplayName()(label);
  return (
    <span className="player" title={label.tag === null ? name : `${name} · ${label.tag}`}>
      <bdi dir="auto" className="player-name" data-testid="player-name">
        {name}
      </bdi>
      {label.account === true && <AccountMark />}
      {label.tag !== null && <span className="name-tag">· {label.tag}</span>}
    </span>
  );
}

/** The mark of a registered account next to its name: a guest's name cannot look like one (issue 26). */
export function AccountMark() {
  const t = useTranslations("account");
  return (
    <span
      className="account-mark"
      role="img"
      aria-label={t("mark")}
      title={t("markTitle")}
      data-testid="account-mark"
    >
      ✓
    </span>
  );
}

/** Text with player names in it: every name rendered as a `PlayerName`. */
export function Rich({ text }: { text: RichText }) {
  return (
    <>{text.map((part, i) => (typeof part === "string" ? part : <PlayerName key={i} label={part} />))}</>
  );
}
