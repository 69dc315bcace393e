// JavaScript, not TypeScript, on purpose: with no .ts file and no tsconfig here, `next build` sets
// up no TypeScript of its own and writes no tsconfig.json into the repository.
export const metadata = { title: "Bare Next.js" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
