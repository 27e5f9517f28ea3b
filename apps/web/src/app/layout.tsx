import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { clientCatalogue } from "../i18n/catalogue";
import { DEFAULT_LOCALE, isLocale } from "../i18n/locales";
import { NotificationBell } from "../inbox/bell";
import { PlayingNow } from "../inbox/playing-now";
import { InvitationSignals } from "../inbox/invitation-signals";
import { TurnSignals } from "../inbox/turn-signals";
import { SavedNotificationsFeed } from "../inbox/saved-feed";
import { ArenaProvider } from "../net/arena-context";
import { LanguageSwitcher } from "../ui/language-switcher";
import { THEME_SCRIPT } from "../ui/theme";
import { ThemeSwitcher } from "../ui/theme-switcher";
import { ConnectionBanner, SessionBadge } from "../ui/session";
import { ModLink } from "../moderation/mod-link";
import { NavLink } from "../ui/nav-link";
import { speechModeOfRequest } from "../speech/mode-server";
import { SpeechProvider } from "../speech/speech-context";
import { SkipLink, SpeechSwitch } from "../speech/speech-switch";
import { GeistMono, GeistSans } from "./fonts";
import "./globals.css";
import "./social.css";
import "./theme.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return { title: t("title"), description: t("description") };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  // The browser's bar in the page's palette (globals.css, theme.css); also the installed app's (app/manifest.ts).
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#276b43" },
    { media: "(prefers-color-scheme: dark)", color: "#141816" },
  ],
};

/** This response's CSP nonce (src/proxy.ts puts the policy on the request), for the inline theme script. */
function nonceOf(policy: string | null): string | undefined {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts carry the nonce of its own Content-Security-Policy
  // (src/proxy.ts), which a page prerendered at build time cannot know.
  await connection();
  const chosen = await getLocale();
  const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  const t = await getTranslations("nav");
  const nonce = nonceOf((await headers()).get("Content-Security-Policy"));
  const speech = await speechModeOfRequest();
  return (
    // The theme script sets data-theme on <html> before React hydrates it.
    <html lang={locale} className={`${GeistSans.variable} ${GeistMono.variable}`} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <NextIntlClientProvider locale={locale} messages={clientCatalogue(locale)}>
          <ArenaProvider>
            <SpeechProvider on={speech}>
              <SkipLink />
              <header className="topbar">
                <NavLink href="/" className="brand">
                  Arena
                </NavLink>
                <nav className="topnav">
                  <NavLink href="/">{t("lobby")}</NavLink>
                  <NavLink href="/leaderboard">{t("leaderboard")}</NavLink>
                  <NavLink href="/puzzles">{t("puzzles")}</NavLink>
                  <NavLink href="/tournaments">{t("tournaments")}</NavLink>
                  <NavLink href="/correspondence">{t("correspondence")}</NavLink>
                  <NavLink href="/notifications">{t("notifications")}</NavLink>
                  <NavLink href="/settings">{t("settings")}</NavLink>
                  <NavLink href="/how-to-play">{t("howToPlay")}</NavLink>
                  <NavLink href="/board-demo">{t("boards")}</NavLink>
                  <NavLink href="/analysis">{t("analysis")}</NavLink>
                  <ModLink />
                </nav>
                <ThemeSwitcher />
                <LanguageSwitcher />
                <SpeechSwitch />
                <NotificationBell />
                <SessionBadge />
                <PlayingNow place="header" />
              </header>
              <TurnSignals />
              <SavedNotificationsFeed />
              <InvitationSignals />
              <ConnectionBanner />
              <main className="main" id="main">
                {children}
              </main>
            </SpeechProvider>
          </ArenaProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
