import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

/** A page's title in the request's language: "Leaderboard · Arena", "Лидеры · Arena". */
export async function pageTitle(page: string): Promise<Metadata> {
  const meta = await getTranslations("meta");
  return { title: meta("titled", { page }) };
}
