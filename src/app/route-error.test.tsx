import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('a page that fails', () => {
  // React logs the caught error; the test expects it.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('shows why, with a way out, and the next page renders again', async () => {
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/plan" element={<p>the plan page</p>} />
          </Routes>
        </RouteErrorBoundary>
        <Link to="/plan">elsewhere</Link>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('chunk failed to load');
    await userEvent.click(screen.getByRole('link', { name: 'the plan page' }));
    expect(screen.getByText('the plan page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
