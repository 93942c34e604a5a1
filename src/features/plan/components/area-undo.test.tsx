import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { useAreaHistory } from '../use-area-history';
import { usePlan } from '../use-plan';
import { useUndoKeys } from '../use-undo-keys';
import { DrawTools } from './draw-tools';

const noop = () => undefined;

/** The plan page's wiring of the area history, without the map: a button stands in for drawing. */
function Harness() {
  const [plan, update] = usePlan();
  const history = useAreaHistory(plan, update);
  useUndoKeys(history.undo, history.redo, true);
  return (
    <>
      <DrawTools
        state="idle"
        tool={null}
        area={plan.area}
        unit="ft"
        widthM={plan.widthM}
        radiusM={plan.radiusM}
        onPrepare={noop}
        onStart={noop}
        onEdit={noop}
        onCancel={noop}
        onDelete={() => history.change(null)}
        onWidth={noop}
        onRadius={noop}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        onUndo={history.undo}
        onRedo={history.redo}
      />
      <button type="button" onClick={() => history.change({ kind: 'point', center: [-122.3, 47.5] }, { radiusM: 500 })}>
        Draw a point
      </button>
      <input aria-label="Name" />
      <output data-testid="area">{plan.area ? `${plan.area.kind} r=${plan.radiusM}` : 'none'}</output>
    </>
  );
}

const area = () => screen.getByTestId('area').textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('undo and redo of the flight area', () => {
  it('undoes and redoes with the buttons, which are disabled with nothing to do', async () => {
    renderWithClient(<Harness />, { route: '/plan' });
    expect(button('Undo').disabled).toBe(true);
    expect(button('Redo').disabled).toBe(true);
    await userEvent.click(button('Draw a point'));
    expect(area()).toBe('point r=500');
    await userEvent.click(button('Delete'));
    expect(area()).toBe('none');
    await userEvent.click(button('Undo'));
    expect(area()).toBe('point r=500');
    expect(button('Redo').disabled).toBe(false);
    await userEvent.click(button('Redo'));
    expect(area()).toBe('none');
    await userEvent.click(button('Undo'));
    await userEvent.click(button('Undo'));
    expect(area()).toBe('none');
    expect(button('Undo').disabled).toBe(true);
  });

  it('answers Ctrl+Z, Cmd+Z and Shift+Ctrl+Z, but not while typing in a text field', async () => {
    renderWithClient(<Harness />, { route: '/plan' });
    await userEvent.click(button('Draw a point'));
    act(() => void fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'z', ctrlKey: true }));
    expect(area()).toBe('point r=500');
    act(() => void fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true }));
    expect(area()).toBe('none');
    act(() => void fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true }));
    expect(area()).toBe('point r=500');
    act(() => void fireEvent.keyDown(document.body, { key: 'z', metaKey: true }));
    expect(area()).toBe('none');
    act(() => void fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true }));
    expect(area()).toBe('point r=500');
  });
});
