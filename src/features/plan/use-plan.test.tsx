import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { usePlan } from './use-plan';

let write: ((alt: number) => void) | null = null;
function PlanStub() {
  const [, update] = usePlan();
  write = (alt) => update({ maxAltitude: alt } as never);
  return (
    <p>
      plan page <Link to="/members">Members</Link>
    </p>
  );
}

let open: (() => void) | null = null;
// The next page's code arrives when the test says so, as a slow chunk would.
const Members = lazy(
  () =>
    new Promise<{ default: ComponentType }>((resolve) => {
      open = () => resolve({ default: () => <p>members page</p> });
    }),
);

describe('usePlan', () => {
  it('a plan write while the next page loads does not take the pilot back to the plan', async () => {
    render(
      <MemoryRouter initialEntries={['/plan']}>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route path="/plan" element={<PlanStub />} />
            <Route path="/members" element={<Members />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
    await act(async () => screen.getByRole('link', { name: 'Members' }).click());
    // A late write of the plan page (still on screen, or just gone) must not navigate.
    await act(async () => write!(120));
    await act(async () => open?.());
    expect(await screen.findByText('members page')).toBeTruthy();
  });
});
