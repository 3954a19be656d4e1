import type { DevicePermissionNode } from '../../flow/schema';
import { checkVariableName } from '../entries/variable';
import type { Check } from '../types';

/** Spec 2 §5 device-permission: geolocation, with latitude and longitude variable names. */
export const checkDevicePermissionNode: Check<DevicePermissionNode> = (node, _context, problems) => {
  if (node.request !== 'geolocation')
    problems.push({ field: 'request', message: 'Choose a permission type' });
  checkVariableName(node.latName, 'latName', problems, 'Latitude variable name');
  checkVariableName(node.longName, 'longName', problems, 'Longitude variable name');
};
