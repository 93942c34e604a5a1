import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

describe('lazyComponent', () => {
  it('loads its code only once wanted, then renders it with its props; nothing while not wanted', async () => {
    const load = vi.fn(() => Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>));
    const { Component } = lazyComponent(load);
    const { rerender } = render(<Component wanted={false} name="pilot" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Hello/)).toBeNull();
    rerender(<Component wanted name="pilot" />);
    expect((await screen.findByText('Hello pilot')).tagName).toBe('P');
    rerender(<Component wanted={false} name="pilot" />);
    expect(screen.queryByText(/Hello/)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows its fallback while the code loads', async () => {
    let done!: (c: () => React.ReactNode) => void;
    const { Component } = lazyComponent(() => new Promise<() => React.ReactNode>((r) => (done = r)), <p>Loading…</p>);
    render(<Component wanted />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    done(() => <p>Loaded</p>);
    expect(await screen.findByText('Loaded')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('tries a failed load again the next time it is wanted', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(() => <p>Loaded</p>);
    const { Component } = lazyComponent(load);
    const { rerender } = render(<Component wanted />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Loaded')).toBeNull();
    rerender(<Component wanted={false} />);
    rerender(<Component wanted />);
    expect(await screen.findByText('Loaded')).toBeTruthy();
  });
});
