// A small flow with every kind of link, shared by the flow model's unit tests:
// a → b (slot 0); api → a (success slot, successTarget), api → c (failure slot, failureTarget);
// perm → c (failure slot).
import { newNode, type FlowNode } from '../../src/core/flow';

export function linkedFlow(): FlowNode[] {
  const a = newNode('basic', 'a', 0, 0, 'Start');
  const b = newNode('choice', 'b', 100, 0, 'Ask');
  const c = newNode('basic', 'c', 200, 0, 'Sorry');
  const api = newNode('api', 'api', 0, 100, 'Fetch');
  const perm = newNode('device-permission', 'perm', 100, 100, 'Locate');
  a.next[0].node = 'b';
  api.next[0].node = 'a';
  api.next[1].node = 'c';
  api.store.successTarget = 'a';
  api.store.failureTarget = 'c';
  perm.next[1].node = 'c';
  return [a, b, c, api, perm];
}
