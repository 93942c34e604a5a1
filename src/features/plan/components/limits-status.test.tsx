import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkLimits } from '../../../geo/check-limits';
import { BOW_TIE_RING, SMALL_SQUARE, square } from '../../../geo/fixtures';
import { LimitsStatus } from './limits-status';

const violations = () => Array.from(screen.getByTestId('plan:violations').querySelectorAll('li')).map((li) => [li.dataset.code, li.textContent]);

describe('LimitsStatus', () => {
  it('shows the measures of an area within the limits, with no alert', () => {
    render(<LimitsStatus check={checkLimits(SMALL_SQUARE)} shapeError={null} />);
    expect(screen.getByTestId('plan:limits').dataset.ok).toBe('true');
    expect(screen.getByTestId('plan:limits').textContent).toMatch(/Area 0\.48 of 10 sq mi.*Longest side 0\.60 of 10 NM/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in words that an area is too large and by how much', () => {
    render(<LimitsStatus check={checkLimits(square(0, 0, 0.05))} shapeError={null} />);
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be sent yet.*outlined in red/);
    expect(violations()).toEqual([['area', expect.stringMatching(/The area is 11\.\d sq mi; at most 10 sq mi is allowed/)]]);
  });

  it('names every broken limit at once: crossing edges and a side over 10 NM', () => {
    const longBowTie = BOW_TIE_RING.map(([x, y]) => [x * 20, y] as [number, number]);
    render(<LimitsStatus check={checkLimits({ type: 'Polygon', coordinates: [longBowTie] })} shapeError={null} />);
    const codes = violations().map(([c]) => c);
    expect(codes).toContain('self-intersection');
    expect(codes).toContain('side');
    expect(screen.getByTestId('plan:violations').textContent).toMatch(/crosses itself/);
  });

  it('explains an unclosed ring', () => {
    render(<LimitsStatus check={checkLimits({ type: 'Polygon', coordinates: [SMALL_SQUARE.coordinates[0]!.slice(0, -1)] })} shapeError={null} />);
    expect(violations()).toEqual([['not-closed', expect.stringMatching(/not closed/)]]);
  });

  it('shows why a shape could not become an area', () => {
    render(<LimitsStatus check={null} shapeError="This path cannot be widened into one area." />);
    expect(screen.getByRole('alert').textContent).toBe('This path cannot be widened into one area.');
  });
});
