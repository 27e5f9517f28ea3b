import type { Metadata, Viewport } from "next";
import { GeistSans } from "geist/font/sans";
import { GeistMono } from "geist/font/mono";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { ArenaProvider } from "../net/arena-context";
import { ConnectionBanner, SessionBadge } from "../ui/session";
import "./globals.css";

export const metadata: Metadata = {
  title: "Arena",
  description: "Real-time board games: Othello, Connect-k and Dice of Doom.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts carry the nonce of its own Content-Security-Policy
  // (src/proxy.ts), which a page prerendered at build time cannot know.
  await connection();
  return (
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <body>
        <ArenaProvider>
          <header className="topbar">
            <Link href="/" className="brand">
              Arena
            </Link>
            <nav className="topnav">
              <Link href="/">Lobby</Link>
              <Link href="/leaderboard">Leaderboard</Link>
              <Link href="/board-demo">Boards</Link>
              <Link href="/analysis">Analysis board</Link>
            </nav>
            <SessionBadge />
          </header>
          <ConnectionBanner />
          <main className="main">{children}</main>
        </ArenaProvider>
      </body>
    </html>
  );
}
