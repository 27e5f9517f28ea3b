"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";

/**
 * A header link that prefetches its page when a pointer or the keyboard reaches it, not when it scrolls into
 * view: the header is on every page, and prefetching all its links cost every first load a dozen requests
 * and their parsing on a phone (docs/web.md, "Light pages").
 */
export function NavLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link href={href} className={className} prefetch={false} onPointerEnter={prefetch} onFocus={prefetch}>
      {children}
    </Link>
  );
}
