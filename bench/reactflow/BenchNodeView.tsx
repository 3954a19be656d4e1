import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { HEADER_HEIGHT } from '../../src/features/flow/board/geometry';
import { slotTop, type BenchNode } from './flow-data';

/** One node as the board draws it: name, type label, an input on the left, labelled outputs. */
export const BenchNodeView = memo(function BenchNodeView({ data }: NodeProps<BenchNode>) {
  return (
    <div className="bench-node">
      <Handle type="target" position={Position.Left} style={{ top: HEADER_HEIGHT / 2 }} />
      <div className="bench-node-header">
        <div className="bench-node-name">{data.name}</div>
        <div className="bench-node-type">{data.typeLabel}</div>
      </div>
      {data.outputs.map((output, i) => (
        <div className="bench-node-row" key={output.id}>
          {output.label}
          <Handle
            type="source"
            id={String(output.id)}
            position={Position.Right}
            style={{ top: slotTop(i) }}
          />
        </div>
      ))}
    </div>
  );
});
