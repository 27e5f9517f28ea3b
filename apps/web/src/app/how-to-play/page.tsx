import { GAME_IDS } from "@arena/engine/registry";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { GAMES_NAMESPACE } from "../../i18n/namespaces";
import { pageTitle } from "../../i18n/page-title";

export async function generateMetadata() {
  const t = await getTranslations("howToPlay");
  return pageTitle(t("title"));
}

/** Every game's How-to-play page, each with its one-line summary. */
export default async function HowToPlayIndex() {
  const t = await getTranslations("howToPlay");
  const games = await getTranslations(GAMES_NAMESPACE);
  return (
    <article className="how-to-play panel" data-testid="how-to-play-index">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <ul className="how-to-list">
        {GAME_IDS.map((id) => (
          <li key={id}>
            <Link href={`/how-to-play/${encodeURIComponent(id)}`}>{games(`${id}.title`)}</Link>
            <p>{games(`${id}.howTo.summary`)}</p>
          </li>
        ))}
      </ul>
    </article>
  );
}
