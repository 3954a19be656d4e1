import { useState } from 'react';
import type { DevicePermissionNode } from '../../../core/flow';
import { Button } from '../../../ui';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { NodeNameField, SelectField, VariableNameField } from '../widgets/fields';

type TestResult =
  | { kind: 'granted'; latitude: number; longitude: number }
  | { kind: 'denied'; message: string }
  | { kind: 'asking' };

/**
 * Spec 2 §2 Device-permission node: the permission (geolocation), the variables that receive
 * latitude and longitude (names normalised as typed), and a test request of the browser's own
 * permission, so the author sees what a guest will be asked.
 */
export function DevicePermissionEditor({ node, edit }: NodeEditorProps<DevicePermissionNode>) {
  const { errorAt } = useNodeEditor();
  const [test, setTest] = useState<TestResult | null>(null);

  const request = () => {
    if (!('geolocation' in navigator))
      return setTest({ kind: 'denied', message: 'This browser cannot share its location.' });
    setTest({ kind: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setTest({
          kind: 'granted',
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
        }),
      (error) => setTest({ kind: 'denied', message: error.message || 'Permission denied' }),
      { timeout: 15_000 },
    );
  };

  return (
    <>
      <NodeNameField value={node.name} onChange={(name) => edit((d) => void (d.name = name))} />
      <SelectField
        label="Permission type"
        value={node.request}
        options={[{ value: 'geolocation' as const, label: 'Geolocation' }]}
        error={errorAt('request')}
        onChange={(request) => edit((d) => void (d.request = request))}
      />
      <div className="ne-grid-2">
        <VariableNameField
          label="Latitude variable name"
          value={node.latName}
          error={errorAt('latName')}
          onChange={(name) => edit((d) => void (d.latName = name))}
        />
        <VariableNameField
          label="Longitude variable name"
          value={node.longName}
          error={errorAt('longName')}
          onChange={(name) => edit((d) => void (d.longName = name))}
        />
      </div>
      <div className="ne-row">
        <Button variant="outline" loading={test?.kind === 'asking'} onClick={request}>
          Test permission
        </Button>
        <p className="ne-test-result" role="status">
          {test?.kind === 'granted' &&
            `Permission granted: ${node.latName || 'latitude'} = ${test.latitude.toFixed(5)}, ${node.longName || 'longitude'} = ${test.longitude.toFixed(5)}`}
          {test?.kind === 'denied' && `Permission denied (${test.message}). The variables will be unset.`}
        </p>
      </div>
    </>
  );
}
