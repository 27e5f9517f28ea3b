import type { Metadata, Viewport } from "next";
import { GeistSans } from "geist/font/sans";
import { GeistMono } from "geist/font/mono";
import Link from "next/link";
import type { ReactNode } from "react";
import { ArenaProvider } from "../net/arena-context";
import { ConnectionBanner, SessionBadge } from "../ui/session";
import "./globals.css";

export const metadata: Metadata = {
  title: "Arena",
  description: "Real-time board games: Othello, Connect-k and Dice of Doom.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
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
