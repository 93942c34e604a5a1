// @isolated-modules: shows the frame before any file has loaded the panel's code.
/**
 * The plan page's briefing before the panel's code is in (briefing-section.tsx): the frame says why there is
 * no briefing, asks nothing, and never shows an answer; once there is something to ask the panel loads and
 * answers; a chunk that could not be fetched is said, and tried again.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { briefingPanelCode, PlanBriefing } from './briefing-section';

const AREA = '/v1/briefing/preflight/area';

const INPUT = { boundary: { type: 'Polygon' as const, coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.53]]] as [number, number][][] }, maxAltitude: 200 };

describe('PlanBriefing', () => {
  it('shows why there is no briefing without loading the panel; a chunk that fails is said and tried again; then the panel asks', async () => {
    const api = mockFetch((url) => (String(url).includes('/v1/status') ? json({ statusCode: 404, message: 'none' }, 404) : json({ statusCode: 503, message: 'down' }, 503)));
    const props = { input: null, timeZone: 'America/Los_Angeles', signInHref: '/sign-in', onHighlight: () => undefined };
    const { rerender } = renderWithClient(<PlanBriefing {...props} blocked="no-area" />);
    expect(screen.getByTestId('briefing:empty').getAttribute('data-reason')).toBe('no-area');
    expect(screen.getByRole('heading', { name: 'Briefing' })).toBeTruthy();
    rerender(<PlanBriefing {...props} blocked="sign-in" />);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    await new Promise((r) => setTimeout(r, 50));
    expect(briefingPanelCode.current()).toBeNull();
    expect(api.callsTo(AREA)).toHaveLength(0);

    // The chunk cannot be fetched once: the frame says so (no answer, nothing asked), and tries again.
    const load = vi.spyOn(briefingPanelCode, 'load').mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    rerender(<PlanBriefing {...props} input={INPUT} blocked={null} />);
    expect((await screen.findByTestId('briefing:error')).textContent).toMatch(/could not be loaded: Failed to fetch dynamically imported module/);
    expect(api.callsTo(AREA)).toHaveLength(0);
    load.mockRestore();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // The panel itself now: it asks the service (which answers 503 here) and says so in its own words.
    await vi.waitFor(() => expect(screen.getByTestId('briefing:error').textContent).toMatch(/The briefing could not be loaded: down/), { timeout: 5000 });
    expect(api.callsTo(AREA).length).toBeGreaterThan(0);
    expect(briefingPanelCode.current()).not.toBeNull();
  });
});
