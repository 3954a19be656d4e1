export function App() {
  return <h1>BotFlow</h1>;
}
