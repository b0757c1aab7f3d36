"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/transactions", label: "Gifts" },
  { href: "/inbox", label: "To allocate" },
  { href: "/bulk", label: "Bulk" },
  { href: "/templates", label: "Templates" },
  { href: "/funds", label: "Funds" },
  { href: "/history", label: "History" },
  { href: "/settings", label: "Settings" },
];

export function NavLinks() {
  const pathname = usePathname();
  return LINKS.map((link) => (
    <Link key={link.href} href={link.href} aria-current={pathname.startsWith(link.href) ? "page" : undefined}>
      {link.label}
    </Link>
  ));
}
