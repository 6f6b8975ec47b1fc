/**
 * The suite's axe check (support/axe.ts) runs in legacy mode, keeps only violations and counts every font
 * as a text font. This shows that configuration still fails on each kind of fault the screens' checks rely
 * on, in Arabic text as well as Latin, and that a part of the page (`include`) is checked on its own.
 */
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const page = (body: string) =>
  `<!doctype html><html lang="ar" dir="rtl"><head><title>اختبار</title></head><body><main><h1>صفحة</h1>${body}</main></body></html>`;
const ids = (lines: string[]) => [...new Set(lines.map((line) => line.split(':')[0]))].sort();

test('the axe check reports faint Arabic text and a name hiding its Arabic text, however many texts share the font', async ({
  page: tab,
}) => {
  // Four faint paragraphs in one font: axe unpatched takes the font for an icon font after the third.
  const faint = ['نص باهت', 'نص باهت آخر', 'فقرة ثالثة', 'فقرة رابعة'].map(
    (text) => `<p style="color:#bbb;background:#fff">${text}</p>`,
  );
  await tab.setContent(page(`${faint.join('')}<button aria-label="إغلاق النافذة">إرسال</button>`));
  const lines = await axeViolations(tab);
  expect(ids(lines)).toEqual(['color-contrast', 'label-content-name-mismatch']);
  expect(lines.find((line) => line.startsWith('color-contrast'))?.split(', ')).toHaveLength(4);
});

test('the axe check reports unnamed controls and a missing alt; a part of the page is checked alone', async ({
  page: tab,
}) => {
  await tab.setContent(
    page(
      '<button></button><input type="text"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
        '<div role="dialog" aria-label="نافذة"><p style="color:#333">نافذة سليمة</p><button>إغلاق</button></div>',
    ),
  );
  expect(ids(await axeViolations(tab))).toEqual(['button-name', 'image-alt', 'label']);
  expect(await axeViolations(tab, '[role=dialog]')).toEqual([]);
});
