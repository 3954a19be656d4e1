// What the bots feature offers the rest of the app: the customer's bots and the active one (the
// flow editor works on the active bot). The page itself is routed by src/app.
export { useActiveBot, useBotsStore } from './bots-store';
