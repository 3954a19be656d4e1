// The device-permission node (spec 3 §4 Geolocation): the widget asks the browser for the
// location and answers 'latitude,longitude' — the two variables are set and the flow follows its
// branches — or 'unknown,unknown' (or anything that is not a position) — the variables are
// unset and the flow follows the failure path.
import type { DevicePermissionNode } from '../../../src/core/flow/index.js';
import { go, wait, type NodeHandler } from '../turn.js';

const POSITION = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

export function parsePosition(text: string): { latitude: number; longitude: number } | null {
  const match = POSITION.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

export const devicePermissionNode: NodeHandler<DevicePermissionNode> = {
  enter(_node, turn) {
    turn.say({ type: 'device-permission', content: '', request: 'geolocation' });
    return wait({ kind: 'device-permission' });
  },
  resume(node, _state, input, turn) {
    const variables = turn.session.variables;
    const position = parsePosition(input.text);
    if (position) {
      if (node.latName) variables[node.latName] = position.latitude;
      if (node.longName) variables[node.longName] = position.longitude;
      return turn.branch(node);
    }
    delete variables[node.latName];
    delete variables[node.longName];
    return go(node.next.find((slot) => slot.onFailure)?.node ?? null);
  },
};
