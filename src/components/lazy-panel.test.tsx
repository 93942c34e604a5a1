import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPanel } from './lazy-panel';

interface Props {
  area: string | null;
  blockedText: string | null;
}

function RealPanel({ area, blockedText }: Props) {
  return (
    <section data-testid="thing">
      <h2>Thing</h2>
      <p>{blockedText ?? (area ? `Real panel for ${area}` : 'Real panel, no area')}</p>
    </section>
  );
}

const frame = { id: 'thing', title: 'Thing', blocked: (p: Props) => p.blockedText ?? (p.area ? null : 'Draw an area first.'), loading: 'Loading the thing…' };

describe('lazyPanel', () => {
  it('shows its frame with the blocked text and loads nothing until it can ask; then the panel, from then on', async () => {
    const load = vi.fn(() => Promise.resolve(RealPanel));
    const { Panel } = lazyPanel(load, frame);
    const { rerender } = render(<Panel area={null} blockedText={null} />);
    expect(screen.getByRole('heading', { name: 'Thing' })).toBeTruthy();
    expect(screen.getByTestId('thing:blocked').textContent).toBe('Draw an area first.');
    rerender(<Panel area={null} blockedText="Sign in to see this." />);
    expect(screen.getByTestId('thing:blocked').textContent).toBe('Sign in to see this.');
    await new Promise((r) => setTimeout(r, 50));
    expect(load).not.toHaveBeenCalled();

    rerender(<Panel area="KBFI" blockedText={null} />);
    expect(await screen.findByText('Real panel for KBFI')).toBeTruthy();
    // Blocked again, the panel itself stays (its own state with it) and says so in its own words.
    rerender(<Panel area={null} blockedText={null} />);
    expect(screen.getByText('Real panel, no area')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says it is loading while its code comes, once it can ask', () => {
    const { Panel } = lazyPanel(() => new Promise<typeof RealPanel>(() => undefined), frame);
    render(<Panel area="KBFI" blockedText={null} />);
    expect(screen.getByTestId('thing:loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading the thing…');
  });
});
