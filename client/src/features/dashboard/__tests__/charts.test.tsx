/**
 * The statistics charts drawn by Chartist in jsdom: one bar per figure carrying its value, the value
 * written beside each bar, time and categories in reading order for Arabic and English, and the figures
 * in the visually hidden table. jsdom has no layout (every size is 0), so positions and widths are
 * checked in Chromium (e2e/tests/dashboard-screens.spec.ts), not here.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '@/i18n';
import { renderWithProviders } from '@test/render';
import { BarChart } from '@/features/dashboard/components/bar-chart';
import { HBarChart } from '@/features/dashboard/components/hbar-chart';

// Chartist refuses to start without window.matchMedia (it only calls it for responsive options, which
// these charts do not use); jsdom has none, so a query list that never matches stands in for it.
beforeAll(() => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({
      media,
      matches: false,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }),
  });
});
afterAll(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

afterEach(async () => {
  await setLang('ar');
});

const days = [
  { label: '1 نوفمبر', short: '1/11', value: 3 },
  { label: '2 نوفمبر', short: '2/11', value: 0 },
  { label: '3 نوفمبر', short: '3/11', value: 7 },
  { label: '4 نوفمبر', short: '4/11', value: 1 },
];

const categories = [
  { label: 'مزارع', value: 12 },
  { label: 'صيدلية زراعية', value: 0 },
  { label: 'عيادة بيطرية', value: 5 },
];

/** The chart's bars (Chartist draws each as an SVG line with its value in ct:value), in DOM order. */
async function barsOf(chart: HTMLElement) {
  await waitFor(() => expect(chart.querySelectorAll('.ct-bar').length).toBeGreaterThan(0));
  return [...chart.querySelectorAll('.ct-bar')];
}

const texts = (nodes: Iterable<Element>) => [...nodes].map((n) => n.textContent);

describe('column chart (day by day)', () => {
  it('draws a column per day with its value, newest day first in Arabic (the left end of an RTL line)', async () => {
    await setLang('ar');
    renderWithProviders(<BarChart title="الطلبات في آخر 30 يوماً" data={days} labelEvery={2} />);
    const chart = screen.getByRole('img', { name: 'الطلبات في آخر 30 يوماً' });
    const bars = await barsOf(chart);
    expect(bars.map((b) => b.getAttribute('ct:value'))).toEqual(['1', '7', '0', '3']);
    expect(texts(chart.querySelectorAll('.ct-bar title'))).toEqual([
      '4 نوفمبر: 1',
      '3 نوفمبر: 7',
      '2 نوفمبر: 0',
      '1 نوفمبر: 3',
    ]);
    // Values above the columns, none for an empty day; every 2nd date and the last one under them.
    expect(texts(chart.querySelectorAll('.ct-bar-value'))).toEqual(['1', '7', '3']);
    expect(texts(chart.querySelectorAll('.ct-label'))).toEqual(['4/11', '3/11', '1/11']);
    expect(bars[0].getAttribute('style')).toContain('stroke: #2f855a');
  });

  it('runs left to right in English', async () => {
    await setLang('en');
    renderWithProviders(<BarChart title="Orders" data={days} />);
    const bars = await barsOf(screen.getByRole('img', { name: 'Orders' }));
    expect(bars.map((b) => b.getAttribute('ct:value'))).toEqual(['3', '0', '7', '1']);
  });

  it('keeps the figures in a visually hidden table and says so when there are none', async () => {
    await setLang('ar');
    const { unmount } = renderWithProviders(<BarChart title="الرسائل" data={days} />);
    const table = screen.getByRole('table', { name: 'الرسائل' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['1 نوفمبر3', '2 نوفمبر0', '3 نوفمبر7', '4 نوفمبر1']);
    unmount();
    renderWithProviders(<BarChart title="الرسائل" data={days.map((d) => ({ ...d, value: 0 }))} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('table', { name: 'الرسائل' })).toBeInTheDocument();
  });
});

describe('horizontal bars (categories)', () => {
  it('draws a bar per category with its value written beside it, in list order from the top', async () => {
    await setLang('ar');
    renderWithProviders(<HBarChart title="المستخدمون حسب النوع" data={categories} color="#3b82f6" />);
    const chart = screen.getByRole('img', { name: 'المستخدمون حسب النوع' });
    const bars = await barsOf(chart);
    // Chartist draws from the bottom up: the last bar in the DOM is the top one.
    expect(texts(chart.querySelectorAll('.ct-bar title')).reverse()).toEqual([
      'مزارع: 12',
      'صيدلية زراعية: 0',
      'عيادة بيطرية: 5',
    ]);
    expect(texts(chart.querySelectorAll('.ct-bar-value')).reverse()).toEqual(['12', '0', '5']);
    expect(texts(chart.querySelectorAll('.ct-label')).reverse()).toEqual(['مزارع', 'صيدلية زراعية', 'عيادة بيطرية']);
    // In Arabic the bars grow leftwards from the names on the right (drawn as negative values).
    expect(bars.map((b) => b.getAttribute('ct:value')).reverse()).toEqual(['-12', '0', '-5']);
    expect(bars[0].getAttribute('style')).toContain('stroke: #3b82f6');
    const table = screen.getByRole('table', { name: 'المستخدمون حسب النوع' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['مزارع12', 'صيدلية زراعية0', 'عيادة بيطرية5']);
  });

  it('grows rightwards with positive values in English', async () => {
    await setLang('en');
    renderWithProviders(<HBarChart title="Users" data={categories} />);
    const bars = await barsOf(screen.getByRole('img', { name: 'Users' }));
    expect(bars.map((b) => b.getAttribute('ct:value')).reverse()).toEqual(['12', '0', '5']);
  });
});
