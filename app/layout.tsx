import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import "./globals.css";

import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Kitchen Pulse", template: "%s · Kitchen Pulse" },
  description: "Kitchen performance for restaurants on the Platform point-of-sale API",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
