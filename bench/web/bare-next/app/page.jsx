import { Counter } from "./counter";

export default function Page() {
  return (
    <main>
      <h1>Bare Next.js</h1>
      <p>The App Router, React and one client component: no providers, no data, no styles.</p>
      <Counter />
    </main>
  );
}
