import { GAME_IDS, isGameId } from "@arena/engine/registry";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getMessages, getTranslations } from "next-intl/server";
import type { Messages } from "../../../i18n/catalogue";
import { GAMES_NAMESPACE, SERVER_ONLY_KEY } from "../../../i18n/namespaces";
import { pageTitle } from "../../../i18n/page-title";

/** The sections of a game's How-to-play text, in the order its messages list them. */
function sectionsOf(messages: Messages, gameId: string): string[] {
  const games = messages[GAMES_NAMESPACE];
  const game = typeof games === "object" ? games[gameId] : undefined;
  const howTo = typeof game === "object" ? game[SERVER_ONLY_KEY] : undefined;
  const sections = typeof howTo === "object" ? howTo.sections : undefined;
  return typeof sections === "object" ? Object.keys(sections) : [];
}

type Props = { params: Promise<{ gameId: string }> };

export async function generateMetadata({ params }: Props) {
  const { gameId } = await params;
  if (!isGameId(gameId)) return {};
  const t = await getTranslations("howToPlay");
  const games = await getTranslations(GAMES_NAMESPACE);
  return pageTitle(t("gameTitle", { game: games(`${gameId}.title`) }));
}

/**
 * A game's How-to-play page (issue 17): the rules as the project's rule docs state them
 * (docs/othello.md, docs/connect-k.md, docs/dice-of-doom.md, docs/krk.md), written for players in each
 * language. Rendered on the server only: the browser's catalogue leaves these texts out.
 */
export default async function HowToPlayPage({ params }: Props) {
  const { gameId } = await params;
  if (!isGameId(gameId)) notFound();
  const t = await getTranslations("howToPlay");
  const games = await getTranslations(GAMES_NAMESPACE);
  const game = (key: string) => games(`${gameId}.${key}`);
  const title = game("title");
  const sections = sectionsOf((await getMessages()) as Messages, gameId);
  const keys = await getTranslations("boardKeys");
  return (
    <article className="how-to-play panel" data-testid="how-to-play" data-game={gameId}>
      <h1>{t("gameTitle", { game: title })}</h1>
      <p className="lead">{game("howTo.summary")}</p>
      {sections.map((section) => (
        <section key={section} data-section={section}>
          <h2>{game(`howTo.sections.${section}.title`)}</h2>
          {game(`howTo.sections.${section}.body`)
            .split("\n\n")
            .map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
        </section>
      ))}
      {/* The board's keys (docs/web.md, "Keyboard play"): the same for every board, then this game's own. */}
      <section data-section="keyboard" data-testid="how-to-play-keyboard">
        <h2>{keys("title")}</h2>
        <p>{keys("intro")}</p>
        <p>{game("board.keys")}</p>
      </section>
      <p>
        <Link className="btn primary" href="/">
          {t("play", { game: title })}
        </Link>
      </p>
      <nav aria-label={t("others")}>
        {t("others")}:{" "}
        {GAME_IDS.filter((id) => id !== gameId).map((id, i) => (
          <span key={id}>
            {i > 0 && " · "}
            <Link href={`/how-to-play/${encodeURIComponent(id)}`}>{games(`${id}.title`)}</Link>
          </span>
        ))}
      </nav>
    </article>
  );
}
