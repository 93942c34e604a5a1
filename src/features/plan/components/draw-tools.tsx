import type { DrawState, DrawTool } from '../../../map/draw-adapter';
import { fromMeters, toMeters, type LengthUnit } from '../../../../server/contract/units';
import type { PlanArea } from '../plan-params';
import { NumberField } from './number-field';

interface Props {
  state: DrawState;
  tool: DrawTool | null;
  area: PlanArea | null;
  unit: LengthUnit;
  widthM: number;
  radiusM: number;
  /** The pilot is about to draw (points at or focuses the tools): the drawing code can load now. */
  onPrepare(): void;
  onStart(tool: DrawTool): void;
  onEdit(): void;
  onCancel(): void;
  onDelete(): void;
  onWidth(m: number): void;
  onRadius(m: number): void;
  /** Undo and redo of the area: disabled while a shape is being drawn. */
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
}

const TOOLS: { tool: DrawTool; label: string; hint: string }[] = [
  { tool: 'polygon', label: 'Area', hint: 'Click each corner on the map. Click the first corner or press Enter to finish; Escape cancels.' },
  { tool: 'path', label: 'Path', hint: 'Click along the route. Press Enter or click the last point again to finish; Escape cancels.' },
  { tool: 'point', label: 'Point', hint: 'Click the centre of the flight; the radius below sets its size.' },
];

const round = (n: number) => Math.round(n * 10) / 10;

export function DrawTools({ state, tool, area, unit, widthM, radiusM, onPrepare, onStart, onEdit, onCancel, onDelete, onWidth, onRadius, canUndo, canRedo, onUndo, onRedo }: Props) {
  const hint = state === 'drawing' ? TOOLS.find((t) => t.tool === tool)?.hint : state === 'editing' ? 'Drag the corners; click the small midpoints to add a corner.' : null;
  // Widths and radii up to 5 NM: beyond that the area limit is broken anyway.
  const max = round(fromMeters(9260, unit));
  return (
    <div className="stack-tight">
      <div className="toolbar" role="toolbar" aria-label="Draw the flight area" onPointerEnter={onPrepare} onFocus={onPrepare}>
        {TOOLS.map((t) => (
          <button
            key={t.tool}
            type="button"
            className="button"
            aria-pressed={state === 'drawing' && tool === t.tool}
            data-testid={`plan:draw-${t.tool}`}
            onClick={() => onStart(t.tool)}
          >
            {t.label}
          </button>
        ))}
        <button type="button" className="button" disabled={!area || state === 'drawing'} aria-pressed={state === 'editing'} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="button" disabled={!area} onClick={onDelete} data-testid="plan:delete">
          Delete
        </button>
        <button
          type="button"
          className="button"
          disabled={!canUndo || state === 'drawing'}
          onClick={onUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
          title="Undo the last change of the area (Ctrl+Z)"
          data-testid="plan:undo"
        >
          Undo
        </button>
        <button
          type="button"
          className="button"
          disabled={!canRedo || state === 'drawing'}
          onClick={onRedo}
          aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z Control+Y"
          title="Redo the change you undid (Shift+Ctrl+Z)"
          data-testid="plan:redo"
        >
          Redo
        </button>
        {state !== 'idle' && (
          <button type="button" className="button button-quiet" onClick={onCancel}>
            {state === 'drawing' ? 'Cancel' : 'Done'}
          </button>
        )}
      </div>
      {hint && (
        <p className="hint" role="status">
          {hint}
        </p>
      )}
      {(area?.kind === 'path' || tool === 'path') && (
        <NumberField label="Path width" unit={unit} min={round(fromMeters(1, unit))} max={max} value={round(fromMeters(widthM, unit))} onChange={(v) => onWidth(toMeters(v, unit))} />
      )}
      {(area?.kind === 'point' || tool === 'point') && (
        <NumberField label="Radius" unit={unit} min={round(fromMeters(1, unit))} max={max} value={round(fromMeters(radiusM, unit))} onChange={(v) => onRadius(toMeters(v, unit))} />
      )}
    </div>
  );
}
