import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BriefingResult, Notice } from '../../../../server/contract/briefing';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { groupAlikeNotices } from '../alike-notices';
import { KBFI_INPUT, KBFI_RESULT, STATUS } from '../test/briefing-fixtures';
import { BriefingPanel } from './briefing-panel';

const cell = (w: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [w, 47.52],
      [w + 0.008, 47.52],
      [w + 0.008, 47.528],
      [w, 47.528],
      [w, 47.52],
    ],
  ],
});

// What the service sends over Boeing Field: two notices with the same line, told apart by their words.
const base = KBFI_RESULT.notices![0]!;
const BFI: Notice = { ...base, title: 'Facility map BFI: ceiling 0 ft AGL', upperAltitude: { ...base.upperAltitude!, value: 0 }, description: '9 cells of BFI, ceiling 0 ft AGL.', geometry: cell(-122.31) };
const BFI_CLASS_D: Notice = { ...BFI, dataSubtype: 'NOTICE_DATA_SUBTYPE_CLASS_D', description: '4 cells of BFI (Class D). LAANC does not serve this facility: apply through FAA DroneZone.', geometry: cell(-122.3) };
const BFI_AGAIN: Notice = { ...BFI, geometry: cell(-122.29) };

const RESULT: BriefingResult = { ...KBFI_RESULT, notices: [BFI, KBFI_RESULT.notices![1]!, BFI_CLASS_D, BFI_AGAIN] };

function renderPanel(result: BriefingResult) {
  mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json(result)));
  const onHighlight = vi.fn();
  renderWithClient(<BriefingPanel input={KBFI_INPUT} blocked={null} timeZone="America/Los_Angeles" signInHref="/sign-in" onHighlight={onHighlight} />);
  return onHighlight;
}

describe('alike notices in the briefing', () => {
  it('are one entry that keeps each distinct notice, its LAANC words and its areas readable', async () => {
    renderPanel(RESULT);
    const toggles = await screen.findAllByRole('button', { name: /Facility map BFI/ }, { timeout: 2000 });
    expect(toggles).toHaveLength(1);
    expect(toggles[0]!.textContent).toMatch(/Facility map BFI: ceiling 0 ft AGL · 2 notices/);
    // The count above the list is still the service's: three facility-map notices are cautions.
    expect(screen.getByRole('heading', { level: 3, name: /\(3\)/ })).toBeTruthy();
    await userEvent.click(toggles[0]!);
    const variants = screen.getAllByTestId('briefing:notice-variant');
    expect(variants.map((v) => v.querySelector('.notice-variant-head')!.textContent)).toEqual(['Notice 1 of 2 · 2 areas', 'Notice 2 of 2 · Class D airspace']);
    expect(within(variants[0]!).getByText('9 cells of BFI, ceiling 0 ft AGL.')).toBeTruthy();
    expect(within(variants[1]!).getByText(/LAANC does not serve this facility: apply through FAA DroneZone/)).toBeTruthy();
    // Each keeps its altitudes and its rule.
    for (const v of variants) expect(v.textContent).toMatch(/surface to surface|Altitudes/);
  });

  it('shows all their areas on the map and says when the altitude is above their ceiling', async () => {
    const onHighlight = renderPanel(RESULT);
    const entry = (await screen.findAllByTestId('briefing:notice', {}, { timeout: 2000 })).find((i) => /Facility map BFI/.test(i.textContent ?? ''))!;
    fireEvent.mouseEnter(entry);
    const shown = onHighlight.mock.lastCall![0];
    expect(shown.type).toBe('MultiPolygon');
    expect(shown.coordinates).toHaveLength(3);
    expect(within(entry).getByTestId('briefing:above-ceiling').textContent).toMatch(/Your 200 ft is above the 0 ft ceiling/);
  });

  it('notices with the same words everywhere read "N areas" and expand to one set of details', async () => {
    renderPanel({ ...KBFI_RESULT, notices: [BFI, BFI_AGAIN] });
    const toggle = await screen.findByRole('button', { name: /Facility map BFI/ }, { timeout: 2000 });
    expect(toggle.textContent).toMatch(/· 2 areas/);
    await userEvent.click(toggle);
    expect(screen.queryAllByTestId('briefing:notice-variant')).toHaveLength(0);
    expect(screen.getAllByText('9 cells of BFI, ceiling 0 ft AGL.')).toHaveLength(1);
  });
});

describe('groupAlikeNotices', () => {
  it('keeps notices apart when their status, source, title or ceiling differ', () => {
    const higher: Notice = { ...BFI, upperAltitude: { ...BFI.upperAltitude!, value: 100 } };
    const advisory: Notice = { ...BFI, status: 'NOTICE_STATUS_INFORMATIONAL' };
    const groups = groupAlikeNotices([BFI, higher, advisory, BFI_AGAIN]);
    expect(groups.map((g) => [g.index, g.count])).toEqual([
      [0, 2],
      [1, 1],
      [2, 1],
    ]);
    expect(groups[0]!.variants[0]!.indexes).toEqual([0, 3]);
  });
});
