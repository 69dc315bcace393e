export default function Home() {
  return <main>Kitchen Pulse</main>;
}
