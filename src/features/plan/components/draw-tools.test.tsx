import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DrawTools } from './draw-tools';

const noop = () => undefined;

function renderTools(onPrepare: () => void, onStart: (t: string) => void) {
  render(
    <DrawTools
      state="idle"
      tool={null}
      area={null}
      unit="ft"
      widthM={100}
      radiusM={100}
      onPrepare={onPrepare}
      onStart={onStart}
      onEdit={noop}
      onCancel={noop}
      onDelete={noop}
      onWidth={noop}
      onRadius={noop}
      canUndo={false}
      canRedo={false}
      onUndo={noop}
      onRedo={noop}
    />,
  );
}

describe('the draw tools ask for the drawing code before it is needed', () => {
  it('when the pointer comes over the toolbar, before the pilot picks a tool', async () => {
    const calls: string[] = [];
    renderTools(
      () => calls.push('prepare'),
      (t) => calls.push(`start ${t}`),
    );
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByTestId('plan:draw-polygon'));
    expect(calls[0]).toBe('prepare');
    expect(calls).toContain('start polygon');
  });

  it('when a tool gets the keyboard focus', () => {
    const onPrepare = vi.fn();
    renderTools(onPrepare, noop);
    fireEvent.focus(screen.getByTestId('plan:draw-path'));
    expect(onPrepare).toHaveBeenCalled();
  });
});
